// The core's refusals as Error subclasses with the same names as the C++ types (core/errors.hpp).

export class NormError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}
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

/** The Error subclass for a core refusal {name, message}. */
export function errorFromCore({ name, message }) {
  const Type = Object.hasOwn(byName, name) ? byName[name] : NormError;
  return new Type(message);
}
