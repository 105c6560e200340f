// The embedding script (built as normlab-widgets.js): every widget, each captioned with its title.
import './embed-titles.js';
import '../widgets/index.js';
