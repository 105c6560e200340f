// Bidirectional controls: the characters that can reorder the text around them (U+202A-U+202E
// embeddings and overrides, U+2066-U+2069 isolates, the marks U+200E, U+200F and U+061C). What a
// message quotes is stripped of them here; host/inert.js makes quoted text inert on screen.

/** The controls, one character each (global: for replace). */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A text without its bidirectional controls. */
export const withoutBidiControls = (text) => String(text).replace(BIDI_CONTROLS, '');

/** Whether a text holds a bidirectional control. */
export const hasBidiControls = (text) => /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/.test(String(text));
