// <nl-checklist>: the closing checklist of a complete layer, each answer read from the core.
import { NlWidget, define, esc } from '../widget/widget.js';

export class NlChecklist extends NlWidget {
  static title = 'The checklist';
  static styles = [
    'dl.checklist { margin: 0; } dl.checklist dt { font-weight: 600; margin-top: .5rem; } dl.checklist dd { margin: .1rem 0 0 1rem; }',
  ];
  static options = [];

  async start() {
    const items = this.nl.checklistView();
    this.render(
      `<dl class="checklist">${items
        .map(
          (i) => `<dt>${esc(i.question)}</dt>
      <dd>${esc(i.answer)}</dd>`,
        )
        .join('')}</dl>`,
    );
  }
}

define('nl-checklist', NlChecklist);
