// <nl-behaviours>: every edge case run through the core when the widget appears, in three
// groups: refused with a typed error, accepted with the arithmetic's answer, and accepted with
// an answer worth knowing.
import { NlWidget, define, esc } from '../widget/widget.js';

const GROUPS = [
  ['refused', 'Refused with a typed error'],
  ['arithmetic', 'Accepted: the answer the arithmetic gives'],
  ['worth knowing', 'Accepted: an answer worth knowing'],
];

export class NlBehaviours extends NlWidget {
  static title = 'Behaviours';
  static styles = ['table.behaviours { width: 100%; margin-bottom: .8rem; } th.case { width: 40%; }'];
  static options = [];

  async start() {
    const rows = this.nl.behavioursView();
    this.render(
      GROUPS.map(
        ([group, title]) => `
      <table class="behaviours"><caption>${title}</caption>
        <thead><tr><th scope="col" class="start case">case</th><th scope="col" class="start">what the core says</th></tr></thead>
        <tbody>${rows
          .filter((r) => r.group === group)
          .map(
            (r) => `<tr><td class="start">${esc(r.case)}</td>
          <td class="start">${
            r.outcome.error
              ? `<code class="error">${esc(r.outcome.error.name)}</code> ${esc(r.outcome.error.message)}`
              : esc(r.outcome.answer)
          }</td></tr>`,
          )
          .join('')}</tbody></table>`,
      ).join(''),
    );
  }
}

define('nl-behaviours', NlBehaviours);
