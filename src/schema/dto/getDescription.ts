/** The reflect-metadata key under which `@Description` records a DTO property's description. */
export const descriptionKey = Symbol.for('hermes-tools:description');

/** The `@Description` of a DTO property, looking through the class's ancestors. */
export function getDescription(dto: Function, property: string): string | undefined {
  for (
    let proto = dto.prototype as object | null;
    proto !== null && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    const text = Reflect.getOwnMetadata(descriptionKey, proto, property) as string | undefined;
    if (text !== undefined) return text;
  }
  return undefined;
}
