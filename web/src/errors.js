// The core's refusals as Error subclasses with the same names as the C++ types (core/errors.hpp).
// Each name is written out below (on the prototype), not read from the class, so a minified
// build still says ShapeError.

export class NormError extends Error {}
export class EmptyBlockError extends NormError {}
export class ShapeError extends NormError {}
export class NonFiniteError extends NormError {}
export class EpsilonError extends NormError {}
export class KeepError extends NormError {}
export class LearningRateError extends NormError {}
export class GroupError extends NormError {}
export class ZeroDirectionError extends NormError {}
export class OptionError extends NormError {}
export class DataError extends NormError {}
export class SizeError extends NormError {}

const byName = {
  NormError,
  EmptyBlockError,
  ShapeError,
  NonFiniteError,
  EpsilonError,
  KeepError,
  LearningRateError,
  GroupError,
  ZeroDirectionError,
  OptionError,
  DataError,
  SizeError,
};

for (const [name, Type] of Object.entries(byName))
  Object.defineProperty(Type.prototype, 'name', { value: name, writable: true, configurable: true });

/** The Error subclass for a core refusal {name, message}. */
export function errorFromCore({ name, message }) {
  const Type = Object.hasOwn(byName, name) ? byName[name] : NormError;
  return new Type(message);
}
