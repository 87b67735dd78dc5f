/** The reflect-metadata key under which `@Description` records a DTO property's description. */
export const descriptionKey = Symbol.for('hermes-tools:description');
