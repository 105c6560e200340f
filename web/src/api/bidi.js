// Bidirectional controls: the characters that can reorder the text around them (U+202A-U+202E
// embeddings and overrides, U+2066-U+2069 isolates, the marks U+200E, U+200F and U+061C). What a
// message quotes is stripped of them here; host/inert.js makes quoted text inert on screen.

/** The controls as the inside of a character class, written once for every pattern over them. */
export const BIDI_CONTROL_CLASS = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';

/** The controls, one character each (global: for replace). */
export const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_CLASS}]`, 'g');

/** A text without its bidirectional controls. */
export const withoutBidiControls = (text) => String(text).replace(BIDI_CONTROLS, '');
