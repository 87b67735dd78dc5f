// class-transformer keeps its @Type metadata in a module it does not re-export from its root.
declare module 'class-transformer/cjs/storage.js' {
  export const defaultMetadataStorage: {
    findTypeMetadata(target: Function, propertyName: string): { typeFunction: (options?: unknown) => Function } | undefined;
  };
}
