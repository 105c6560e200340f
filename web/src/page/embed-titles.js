// Embedded widgets show their titles as captions (those already on the page take theirs now).
import { showTitles } from '../host/captions.js';

showTitles();
