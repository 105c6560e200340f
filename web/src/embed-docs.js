// The embedding page: documents every widget's options from the widgets' own option tables.
import './widgets/index.js';

const names = [
  'nl-covariate-shift',
  'nl-playground',
  'nl-running-average',
  'nl-gradient-check',
  'nl-two-numbers',
  'nl-weight-norm',
  'nl-comparison',
  'nl-loss-curves',
  'nl-two-ways',
  'nl-behaviours',
  'nl-checklist',
  'nl-bowl',
  'nl-drift',
  'nl-mean-spread',
  'nl-batch-by-hand',
  'nl-momentum',
  'nl-batch-size',
  'nl-toggles',
  'nl-pre-post-norm',
  'nl-parameter-count',
  'nl-mnist-lab',
  'nl-mnist-circle',
  'nl-mnist-freedom',
];

const docs = document.getElementById('docs');
for (const name of names) {
  const cls = customElements.get(name);
  const section = document.createElement('section');
  const h = document.createElement('h2');
  h.textContent = `<${name}>: ${cls.title}`;
  section.append(h);
  if (cls.options.length === 0) {
    const p = document.createElement('p');
    p.textContent = 'No options.';
    section.append(p);
  } else {
    const table = document.createElement('table');
    table.className = 'options';
    table.innerHTML = '<thead><tr><th>attribute</th><th>type</th><th>default</th><th>meaning</th></tr></thead>';
    const body = document.createElement('tbody');
    for (const o of cls.options) {
      const tr = document.createElement('tr');
      for (const text of [o.name, o.choices ? o.choices.join(' | ') : o.type, String(o.default), o.doc ?? '']) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      body.append(tr);
    }
    table.append(body);
    section.append(table);
  }
  docs.append(section);
}
