// <nl-checklist>: the closing checklist of a complete layer, each answer read from the core.
import { NlWidget, define, esc } from '../widget/widget.js';

export class NlChecklist extends NlWidget {
  static title = 'The checklist';
  static options = [];

  async start() {
    const items = this.nl.checklistView();
    this.render(
      `<dl style="margin:0">${items
        .map(
          (i) => `<dt style="font-weight:600; margin-top:.5rem">${esc(i.question)}</dt>
      <dd style="margin:.1rem 0 0 1rem">${esc(i.answer)}</dd>`,
        )
        .join('')}</dl>`,
    );
  }
}

define('nl-checklist', NlChecklist);
