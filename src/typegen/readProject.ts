import { relative } from 'node:path';
import type {
  ClassDeclaration,
  Decorator,
  MethodDeclaration,
  Node,
  ParameterDeclaration,
  SourceFile,
} from 'typescript/unstable/ast';
import type { Checker, Program } from 'typescript/unstable/sync';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { TypeScriptApi } from './loadTypeScript.js';
import { literalValue, NOT_LITERAL } from './literalValue.js';
import { type Type, typeToSchema } from './typeToSchema.js';

/** A class the manifest imports: its name, the source file that exports it, and the name it is exported as. */
export interface ClassRef {
  readonly name: string;
  readonly file: string;
  /** `default` for a default export. */
  readonly exported: string;
}

/** One decorated parameter of a handler, read from its declaration. */
export interface FoundParam {
  readonly index: number;
  readonly kind: 'arg' | 'input' | 'ctx';
  readonly name?: string;
  readonly schema?: JsonSchema;
  readonly type?: ClassRef;
  readonly optional: boolean;
  /** A class-typed parameter that admits null. */
  readonly nullable?: boolean;
  readonly default?: unknown;
  readonly date: boolean;
}

/** One tool, resource or prompt handler. */
export interface FoundHandler {
  readonly class: ClassRef;
  readonly method: string;
  readonly description?: string;
  readonly examples: readonly Record<string, unknown>[];
  readonly params: readonly FoundParam[];
}

/** What typegen read from a project. */
export interface ProjectReading {
  readonly handlers: readonly FoundHandler[];
  /** Types or declarations it cannot write into the manifest: each fails the run. */
  readonly problems: readonly string[];
  /**
   * Parameters whose schema, read from the decorators alone (no manifest given to the registry), is wider than their
   * type: a literal union without `enum`, an object type with an open `type`.
   */
  readonly widenings: readonly string[];
  /**
   * DTO properties whose literal-union type no class-validator decorator checks (`mode!: 'a' | 'b'` with `@IsString()`
   * alone): any string passes, with or without the manifest, which does not read a DTO's property types.
   */
  readonly dtoWidenings: readonly string[];
  /** The project's source files, for finding whether one imports the manifest. */
  readonly importers: (file: string) => readonly string[];
}

const HANDLER_DECORATORS = new Set(['Tool', 'Resource', 'ResourceTemplate', 'Prompt']);

/** Reads every `@Tool` (and resource and prompt) handler of the project's own source files. */
export function readProject(ts: TypeScriptApi, program: Program, checker: Checker): ProjectReading {
  const { SyntaxKind } = ts.ast;
  const problems: string[] = [];
  const widenings: string[] = [];
  const dtoWidenings: string[] = [];
  const dtosSeen = new Set<number>();
  const handlers: FoundHandler[] = [];
  const files: SourceFile[] = [];
  for (const fileName of program.getSourceFileNames()) {
    const file = program.getSourceFile(fileName);
    if (file === undefined || file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
    files.push(file);
  }
  const decoratorName = (decorator: Decorator): { name: string; args: readonly Node[] } | undefined => {
    let callee: Node = decorator.expression;
    let args: readonly Node[] = [];
    if (callee.kind === SyntaxKind.CallExpression) {
      const call = callee as unknown as { expression: Node; arguments: readonly Node[] };
      callee = call.expression;
      args = call.arguments;
    }
    const nameNode =
      callee.kind === SyntaxKind.PropertyAccessExpression ? (callee as unknown as { name: Node }).name : callee;
    if (nameNode.kind !== SyntaxKind.Identifier) return undefined;
    let symbol = checker.getSymbolAtLocation(nameNode);
    if (symbol !== undefined && symbol.flags & ts.sync.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return { name: symbol?.name ?? (nameNode as unknown as { text: string }).text, args };
  };
  const decorators = (node: Node): { name: string; args: readonly Node[] }[] =>
    ((node as unknown as { modifiers?: readonly Node[] }).modifiers ?? [])
      .filter((m) => m.kind === SyntaxKind.Decorator)
      .flatMap((m) => decoratorName(m as Decorator) ?? []);
  /** The name a module exports a class of its own under (`default` for a default export), or undefined. */
  const exportedName = (file: SourceFile, className: string): string | undefined => {
    for (const statement of file.statements) {
      const modifiers = (statement as unknown as { modifiers?: readonly Node[] }).modifiers ?? [];
      if (statement.kind === SyntaxKind.ClassDeclaration && (statement as ClassDeclaration).name?.text === className) {
        if (!modifiers.some((m) => m.kind === SyntaxKind.ExportKeyword)) continue;
        return modifiers.some((m) => m.kind === SyntaxKind.DefaultKeyword) ? 'default' : className;
      }
      if (statement.kind === SyntaxKind.ExportAssignment) {
        const { expression, isExportEquals } = statement as unknown as { expression: Node; isExportEquals?: boolean };
        if (!isExportEquals && (expression as unknown as { text?: string }).text === className) return 'default';
      }
      if (statement.kind === SyntaxKind.ExportDeclaration) {
        const { exportClause, moduleSpecifier, isTypeOnly } = statement as unknown as {
          exportClause?: Node & { elements?: readonly Node[] };
          moduleSpecifier?: Node;
          isTypeOnly: boolean;
        };
        if (moduleSpecifier !== undefined || isTypeOnly || exportClause?.kind !== SyntaxKind.NamedExports) continue;
        for (const element of exportClause.elements ?? []) {
          const { name, propertyName } = element as unknown as {
            name: { text: string };
            propertyName?: { text: string };
          };
          if ((propertyName ?? name).text === className) return name.text;
        }
      }
    }
    return undefined;
  };

  for (const file of files) {
    for (const statement of file.statements) {
      if (statement.kind !== SyntaxKind.ClassDeclaration) continue;
      const declaration = statement as ClassDeclaration;
      const className = declaration.name?.text;
      const methods = declaration.members.filter((m) => m.kind === SyntaxKind.MethodDeclaration) as MethodDeclaration[];
      const classMarked = decorators(declaration).some((d) => HANDLER_DECORATORS.has(d.name));
      const marked = methods.filter((m) =>
        classMarked
          ? (m.name as unknown as { text?: string }).text === 'execute'
          : decorators(m).some((d) => HANDLER_DECORATORS.has(d.name)),
      );
      if (marked.length === 0) continue;
      const exported = className === undefined ? undefined : exportedName(file, className);
      if (className === undefined || exported === undefined) {
        problems.push(
          `${shown(file.fileName)}: ${className ?? 'a class without a name'} declares a tool, a resource or a prompt, so the manifest imports it: export it (by name or as the default)`,
        );
        continue;
      }
      for (const method of marked) {
        const methodName = (method.name as unknown as { text?: string }).text;
        if (methodName === undefined) continue;
        // A class tool's description may sit on the class, where the Quickstart's @Tool goes.
        const classDoc = classMarked
          ? declaration.name === undefined
            ? undefined
            : checker.getSymbolAtLocation(declaration.name)?.getDocumentationComment(checker).trim()
          : undefined;
        handlers.push(readHandler({ name: className, file: file.fileName, exported }, methodName, method, classDoc));
      }
    }
  }

  function readHandler(owner: ClassRef, method: string, node: MethodDeclaration, classDoc?: string): FoundHandler {
    const where = `${owner.name}.${method}`;
    const symbol = checker.getSymbolAtLocation(node.name);
    const methodDoc = symbol?.getDocumentationComment(checker).trim();
    const description = methodDoc === undefined || methodDoc === '' ? classDoc : methodDoc;
    const tags = symbol?.getJsDocTags(checker) ?? [];
    const paramDocs = new Map<string, string>();
    const examples: Record<string, unknown>[] = [];
    for (const tag of tags) {
      if (tag.name === 'param' && tag.text !== undefined) {
        // `name text`, `{type} name - text`, `[name] text`, `[name=default] text`, `[name = default] text`.
        const match =
          /^(?:\{[^}]*\}\s*)?(?:\[\s*([A-Za-z_$][\w$]*)[^\]]*\]|([A-Za-z_$][\w$]*))\s*(?:-\s*)?([\s\S]*)$/.exec(
            tag.text.trim(),
          );
        const named = match?.[1] ?? match?.[2];
        if (match !== null && named !== undefined && match[3]!.trim() !== '') paramDocs.set(named, match[3]!.trim());
      } else if (tag.name === 'example' && tag.text !== undefined) {
        const text = tag.text.replace(/^\s*<caption>[\s\S]*?<\/caption>/, '').trim();
        try {
          const value = JSON.parse(text) as unknown;
          if (hasForbiddenKey(value))
            problems.push(
              `${where}: a JSDoc @example has a key that can reach a prototype (__proto__, constructor or prototype), which every input refuses; remove it`,
            );
          else if (typeof value === 'object' && value !== null && !Array.isArray(value))
            examples.push(value as Record<string, unknown>);
        } catch (error) {
          // A JSDoc example written as code, not as the call's JSON arguments: it documents, it is not a worked call.
          if (!(error instanceof SyntaxError)) throw error;
        }
      }
    }
    const params: FoundParam[] = [];
    node.parameters.forEach((param: ParameterDeclaration, index: number) => {
      const found = decorators(param).find((d) => d.name === 'Arg' || d.name === 'Input' || d.name === 'Ctx');
      if (found === undefined) return;
      if (found.name === 'Ctx') {
        params.push({ index, kind: 'ctx', optional: false, date: false });
        return;
      }
      const type = checker.getTypeAtLocation(param) as Type | undefined;
      const optionalSyntax = param.questionToken !== undefined || param.initializer !== undefined;
      const defaultValue = param.initializer === undefined ? NOT_LITERAL : literalValue(param.initializer, ts);
      const classed = type === undefined ? undefined : classOf(type);
      const classRef = classed?.ref;
      if (found.name === 'Input') {
        if (classRef === undefined) {
          if (found.args.length === 0)
            problems.push(
              `${where} parameter #${index + 1}: @Input() needs a DTO class as its type, exported from its module`,
            );
          params.push({ index, kind: 'input', optional: false, date: false });
        } else params.push({ index, kind: 'input', type: classRef, optional: false, date: false });
        return;
      }
      const nameArg = found.args[0];
      const argName =
        nameArg !== undefined && nameArg.kind === SyntaxKind.StringLiteral
          ? (nameArg as unknown as { text: string }).text
          : undefined;
      if (argName === undefined) {
        problems.push(`${where} parameter #${index + 1}: @Arg needs its name as a string literal, which typegen reads`);
        return;
      }
      const at = `${where} @Arg('${argName}')`;
      const given = optionKeys(found.args[1]);
      const paramName = (param.name as unknown as { text?: string }).text ?? argName;
      const doc = paramDocs.get(paramName);
      const common = {
        index,
        kind: 'arg' as const,
        name: argName,
        ...(defaultValue !== NOT_LITERAL && defaultValue !== undefined && { default: defaultValue }),
      };
      if (classRef !== undefined) {
        params.push({
          ...common,
          type: classRef,
          optional: optionalSyntax || classed!.optional,
          ...(classed!.nullable && { nullable: true }),
          date: false,
        });
        return;
      }
      if (type === undefined) {
        problems.push(`${at}: the checker gives its parameter no type`);
        return;
      }
      const before = problems.length;
      const read = typeToSchema(type, at, { ts, checker, problems });
      if (read === undefined) {
        // The decorator names the type itself: the registry takes that, and the manifest says only the parameter.
        if (given.has('type')) {
          problems.length = before;
          params.push({ ...common, optional: optionalSyntax, date: false });
        }
        return;
      }
      const schema = doc === undefined ? read.schema : { ...read.schema, description: doc };
      params.push({ ...common, schema, optional: optionalSyntax || read.optional, date: read.date });
      const namesScalar =
        !given.has('type') || ['String', 'Number'].includes((given.get('type') as { text?: string }).text ?? '');
      if (namesScalar && !given.has('enum') && Array.isArray(read.schema.enum) && read.schema.enum.length > 0)
        widenings.push(
          `${at} (${shown(owner.file)}): its type is the literal union ${JSON.stringify(read.schema.enum)}, which decorator metadata sees as ${typeof read.schema.enum[0] === 'string' ? 'String' : 'Number'}: without the manifest, any value passes (or add { enum } to the @Arg)`,
        );
      const declared = given.get('type');
      if (declared !== undefined && read.schema.type === 'object' && isOpenObject(declared))
        widenings.push(
          `${at} (${shown(owner.file)}): its type is ${checker.typeToString(type).replace(/ \| undefined$/, '')}, an object with declared properties, and its @Arg type is an open object: without the manifest, any object passes (or declare its properties in the type)`,
        );
    });
    return {
      class: owner,
      method,
      ...(description !== undefined && description !== '' && { description }),
      examples,
      params,
    };
  }

  /**
   * The class a parameter's type names, when it is a class of the project's own (a DTO), not a built-in: with whether
   * the type also admits `null` and `undefined`.
   */
  function classOf(
    type: Type,
    report = true,
  ):
    | { ref: ClassRef; nullable: boolean; optional: boolean; symbol: NonNullable<ReturnType<Type['getSymbol']>> }
    | undefined {
    const { TypeFlags, SymbolFlags } = ts.sync;
    let subject = type;
    let nullable = false;
    let optional = false;
    if (type.flags & TypeFlags.Union) {
      const members = type.getTypes() ?? [];
      nullable = members.some((m) => m.flags & TypeFlags.Null);
      optional = members.some((m) => m.flags & TypeFlags.Undefined);
      const rest = members.filter((m) => !(m.flags & (TypeFlags.Undefined | TypeFlags.Null)));
      if (rest.length !== 1) return undefined;
      subject = rest[0]!;
    }
    const symbol = subject.getSymbol();
    if (symbol === undefined || !(symbol.flags & SymbolFlags.Class)) return undefined;
    const declaration = symbol.declarations[0];
    if (declaration === undefined || /\/(lib\.[^/]*\.d\.ts|node_modules\/)/.test(declaration.path)) return undefined;
    const file = program.getSourceFile(declaration.path);
    const exported = file === undefined ? undefined : exportedName(file, symbol.name);
    if (exported === undefined) {
      if (report)
        problems.push(
          `${shown(declaration.path)}: ${symbol.name} is a parameter's type, so the manifest imports it: export it`,
        );
      return undefined;
    }
    if (report) checkDto(symbol);
    return { ref: { name: symbol.name, file: declaration.path, exported }, nullable, optional, symbol };
  }

  /** The options an `@Arg` gives in an object literal, by name, with the expression each is given. */
  function optionKeys(node: Node | undefined): ReadonlyMap<string, Node> {
    if (node === undefined || node.kind !== SyntaxKind.ObjectLiteralExpression) return new Map();
    return new Map(
      (node as unknown as { properties: readonly Node[] }).properties.flatMap((p): [string, Node][] => {
        const { name, initializer } = p as unknown as { name?: { text?: string }; initializer?: Node };
        return name?.text === undefined ? [] : [[name.text, initializer ?? p]];
      }),
    );
  }

  /** `Object`, `{}` or `{ type: 'object' }` without `properties`: a `type` that admits any object. */
  function isOpenObject(node: Node): boolean {
    if (node.kind === SyntaxKind.Identifier) return (node as unknown as { text: string }).text === 'Object';
    if (node.kind !== SyntaxKind.ObjectLiteralExpression) return false;
    const keys = optionKeys(node);
    return (
      ['properties', 'additionalProperties', '$ref'].every((k) => !keys.has(k)) && (keys.size === 0 || keys.has('type'))
    );
  }

  const importers = (target: string): readonly string[] => {
    const stem = target.replace(/\.[cm]?[jt]sx?$/, '');
    return files
      .filter((file) =>
        file.imports.some((specifier) => {
          const text = (specifier as unknown as { text?: string }).text;
          if (text === undefined || !text.startsWith('.')) return false;
          const dir = file.fileName.slice(0, file.fileName.lastIndexOf('/'));
          return normalize(`${dir}/${text}`).replace(/\.[cm]?[jt]sx?$/, '') === stem;
        }),
      )
      .map((file) => file.fileName);
  };
  /** Each literal-union property of a DTO (and of the DTOs it nests) that no decorator restricts to its values. */
  function checkDto(symbol: NonNullable<ReturnType<Type['getSymbol']>>): void {
    if (dtosSeen.has(symbol.id)) return;
    dtosSeen.add(symbol.id);
    const node = symbol.declarations[0]?.resolve();
    if (node === undefined || node.kind !== SyntaxKind.ClassDeclaration) return;
    for (const member of (node as ClassDeclaration).members) {
      if (member.kind !== SyntaxKind.PropertyDeclaration) continue;
      const property = (member as unknown as { name: { text?: string } }).name.text;
      const type = checker.getTypeAtLocation(member) as Type | undefined;
      if (property === undefined || type === undefined) continue;
      const nested = classOf(type, false);
      if (nested !== undefined) {
        checkDto(nested.symbol);
        continue;
      }
      const read = typeToSchema(type, property, { ts, checker, problems: [] });
      const values = read?.schema.enum;
      if (!Array.isArray(values) || values.length === 0) continue;
      const names = new Set(decorators(member).map((d) => d.name));
      if (!['IsIn', 'IsEnum', 'Equals', 'Matches', 'IsBooleanString'].some((n) => names.has(n)))
        dtoWidenings.push(
          `${symbol.name}.${property} (${shown(symbol.declarations[0]!.path)}): its type is the literal union ${JSON.stringify(values)}, which none of its class-validator decorators checks: any value of its other checks passes; add @IsIn(${JSON.stringify(values)})`,
        );
    }
  }

  return { handlers, problems, widenings, dtoWidenings, importers };
}

function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.') out.push(part);
  }
  return out.join('/');
}

/** Whether a parsed JSON value has a key that reaches a prototype, at any depth. */
function hasForbiddenKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.keys(value).some(
    (key) =>
      key === '__proto__' ||
      key === 'constructor' ||
      key === 'prototype' ||
      hasForbiddenKey((value as Record<string, unknown>)[key]),
  );
}

/** A path as the terminal shows it: relative to where typegen runs. */
function shown(path: string): string {
  return relative(process.cwd(), path) || path;
}
