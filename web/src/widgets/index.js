// Every widget: importing this module defines all the custom elements (every widgets/nl-*.js,
// which are the registry's widgets: tests/js/widget-registry.test.js).
import.meta.glob('./nl-*.js', { eager: true });
