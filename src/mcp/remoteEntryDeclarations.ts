import type { ToolContext } from '../contracts/ToolContext.js';
import { UriTemplate } from '../entries/UriTemplate.js';
import type { EntryMark } from '../metadata/EntryOptions.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import type { ToolOptions } from '../metadata/ToolOptions.js';
import { mimeShaped } from '../results/mimeAllowed.js';
import type { ObjectShape } from '../schema/Shape.js';
import { clipText } from './clipText.js';
import { remoteDeclaration } from './remoteDeclaration.js';
import type { ToolsetSettings } from './readToolsetOptions.js';
import type { RemoteEntries, RemoteServer } from './RemoteServer.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** Names no argument may have: they would reach an object's prototype. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);
/** The most arguments an imported prompt may declare. */
const MAX_PROMPT_ARGUMENTS = 50;

type Handler = (input: unknown, ctx: ToolContext) => Promise<unknown>;

/**
 * The declarations of a remote server's resources, templates and prompts, imported under the toolset: a resource at
 * `<uriPrefix><its URI>`, a template at `<uriPrefix><its template>`, a prompt named `<prefix><its name>`, so that two
 * remotes never share a URI or a name. Each is read or got on the remote through `handlers`, under the toolset's
 * permission, guards and limits. What cannot be imported (a URI without a scheme, a template beyond RFC 6570 level 2,
 * a prompt argument that is no name) is left out, with a warning to the toolset's logger.
 */
export function remoteEntryDeclarations(
  listed: RemoteEntries,
  settings: ToolsetSettings,
  target: Function,
  remote: RemoteServer,
  handlers: Record<string, Handler>,
): ToolDeclaration[] {
  const declarations: ToolDeclaration[] = [];
  const names = { resource: new Set<string>(), prompt: new Set<string>() };
  const uris = new Set<string>();
  const refuse = (what: string, reason: string): void =>
    settings.logger.warn("hermes-tools: a remote resource or prompt is not imported; the server's others are", {
      toolset: settings.name,
      item: what.slice(0, 300),
      reason,
    });
  const localName = (kind: 'resource' | 'prompt', given: unknown): string | undefined => {
    const base = `${settings.prefix}${typeof given === 'string' ? given.replace(/[^A-Za-z0-9_.-]/g, '_') : ''}`;
    const taken = names[kind];
    let name = base.slice(0, 64);
    for (let n = 2; taken.has(name) && n < 1000; n++) name = `${base.slice(0, 60)}_${n}`;
    if (!NAME.test(name) || taken.has(name)) return undefined;
    taken.add(name);
    return name;
  };
  /** A resource's or template's local name, with its URI taken; undefined (and a warning) when either cannot be. */
  const claimUri = (uri: string, given: unknown, what: string): string | undefined => {
    if (uris.has(uri)) {
      refuse(what, 'the server listed its URI twice');
      return undefined;
    }
    const name = localName('resource', given);
    if (name === undefined) refuse(what, 'no local name could be made of its name');
    else uris.add(uri);
    return name;
  };
  const declare = (method: string, where: string, mark: EntryMark, input: ObjectShape, handler: Handler): void => {
    handlers[method] = handler;
    const options: ToolOptions = Object.assign(Object.create(null) as object, {
      name: mark.options.name,
      description: mark.options.description,
      readOnly: true,
      ...(settings.timeoutMs !== undefined && { timeoutMs: settings.timeoutMs }),
      metadata: { mcp: { server: settings.name } },
    });
    declarations.push(
      remoteDeclaration(settings, target, {
        method,
        where,
        options,
        requires: { check: () => remote.connected, description: `the MCP server "${settings.name}", connected` },
        input,
        entry: mark,
      }),
    );
  };
  const describe = (item: Record<string, unknown>, fallback: string) => {
    const max = settings.limits.maxDescriptionChars;
    const title = typeof item.title === 'string' && item.title.trim() !== '' ? clipText(item.title, max) : undefined;
    const description = typeof item.description === 'string' ? item.description.trim() : '';
    const mimeType = typeof item.mimeType === 'string' && mimeShaped(item.mimeType) ? item.mimeType : undefined;
    return {
      ...(title !== undefined && { title }),
      description: clipText(description || title || fallback, max),
      ...(mimeType !== undefined && { mimeType }),
    };
  };
  const local = (uri: string): string => `${settings.uriPrefix}${uri}`;
  const localize = localizer(settings.uriPrefix);

  for (const item of listed.resources) {
    const uri = item.uri;
    const what = `resource ${typeof uri === 'string' ? uri : '?'}`;
    if (typeof uri !== 'string' || !SCHEME.test(uri) || /[{}\s]/.test(uri) || local(uri).length > 8192) {
      refuse(what, 'its uri is not a URI with a scheme');
      continue;
    }
    const name = claimUri(uri, item.name, what);
    if (name === undefined) continue;
    const mark: EntryMark = {
      kind: 'resource',
      options: { uri: local(uri), name, ...describe(item, `Reads ${uri} on the MCP server "${settings.name}".`) },
    };
    declare(`resource:${uri}`, `mcpToolset "${settings.name}" ${what}`, mark, object([]), async (_input, ctx) =>
      (await remote.readResource(uri, ctx)).map(localize.body),
    );
  }

  for (const item of listed.templates) {
    const given = item.uriTemplate;
    const what = `resource template ${typeof given === 'string' ? given : '?'}`;
    const parsed = typeof given === 'string' ? UriTemplate.parse(given) : { problem: 'it has no uriTemplate' };
    const localTemplate = typeof given === 'string' ? UriTemplate.parse(local(given)) : parsed;
    if ('problem' in parsed || 'problem' in localTemplate || !SCHEME.test(String(given))) {
      refuse(what, 'problem' in parsed ? parsed.problem : 'its template is not a URI template with a scheme');
      continue;
    }
    const name = claimUri(parsed.template, item.name, what);
    if (name === undefined) continue;
    const mark: EntryMark = {
      kind: 'template',
      options: {
        uriTemplate: localTemplate.template,
        name,
        ...describe(item, `Reads ${parsed.template} on the MCP server "${settings.name}".`),
      },
    };
    declare(
      `template:${parsed.template}`,
      `mcpToolset "${settings.name}" ${what}`,
      mark,
      object(parsed.variables.map((variable) => ({ name: variable, required: true }))),
      async (input, ctx) =>
        (await remote.readResource(parsed.expand(input as Record<string, string>), ctx)).map(localize.body),
    );
  }

  for (const item of listed.prompts) {
    const given = item.name;
    const what = `prompt ${typeof given === 'string' ? given : '?'}`;
    const args = Array.isArray(item.arguments) ? (item.arguments as unknown[]) : [];
    const read = args.map((arg) => {
      const a = (typeof arg === 'object' && arg !== null ? arg : {}) as Record<string, unknown>;
      return {
        name: Object.hasOwn(a, 'name') ? a.name : undefined,
        required: Object.hasOwn(a, 'required') && a.required === true,
        description: Object.hasOwn(a, 'description') && typeof a.description === 'string' ? a.description : undefined,
      };
    });
    const badArgument = read.find(
      (arg) => typeof arg.name !== 'string' || !NAME.test(arg.name) || RESERVED.has(arg.name),
    );
    if (typeof given !== 'string' || args.length > MAX_PROMPT_ARGUMENTS || badArgument !== undefined) {
      refuse(
        what,
        typeof given !== 'string'
          ? 'it has no name'
          : args.length > MAX_PROMPT_ARGUMENTS
            ? `it declares more than ${MAX_PROMPT_ARGUMENTS} arguments`
            : 'an argument name is not letters, digits, "_", "." and "-", or is one of __proto__, constructor, prototype',
      );
      continue;
    }
    const name = localName('prompt', given);
    if (name === undefined) {
      refuse(what, 'no local name could be made of its name');
      continue;
    }
    const { mimeType: _none, ...described } = describe(
      item,
      `The prompt "${given}" of the MCP server "${settings.name}".`,
    );
    const mark: EntryMark = { kind: 'prompt', options: { name, ...described } };
    const input = object(
      read.map((arg) => ({
        name: arg.name as string,
        required: arg.required,
        ...(arg.description !== undefined && {
          description: clipText(arg.description, settings.limits.maxDescriptionChars),
        }),
      })),
    );
    declare(`prompt:${given}`, `mcpToolset "${settings.name}" ${what}`, mark, input, async (input, ctx) => {
      const got = await remote.getPrompt(given, { ...(input as Record<string, string>) }, ctx);
      return { ...got, messages: (got.messages as Record<string, unknown>[]).map(localize.message) };
    });
  }
  return declarations;
}

/** An object of string properties that refuses other keys: a template's variables, or a prompt's arguments. */
function object(properties: readonly { name: string; required: boolean; description?: string }[]): ObjectShape {
  return {
    kind: 'object',
    properties: properties.map((p) => ({
      name: p.name,
      required: p.required,
      shape: { kind: 'string', ...(p.description !== undefined && { description: p.description }) },
    })),
    additionalProperties: false,
  };
}

/**
 * Rewrites the remote's URIs in what it answered into the toolset's: a body's `uri`, and an embedded resource's or a
 * resource link's in a prompt message, so that a client reads them back through this toolset.
 */
function localizer(prefix: string) {
  const uriOf = (value: unknown): unknown => (typeof value === 'string' ? `${prefix}${value}` : value);
  const part = (content: unknown): unknown => {
    if (typeof content !== 'object' || content === null) return content;
    const c = content as Record<string, unknown>;
    if (c.type === 'resource_link' && Object.hasOwn(c, 'uri')) return { ...c, uri: uriOf(c.uri) };
    if (c.type === 'resource' && typeof c.resource === 'object' && c.resource !== null) {
      const resource = c.resource as Record<string, unknown>;
      return Object.hasOwn(resource, 'uri') ? { ...c, resource: { ...resource, uri: uriOf(resource.uri) } } : c;
    }
    return c;
  };
  return {
    body: (body: Record<string, unknown>): Record<string, unknown> =>
      Object.hasOwn(body, 'uri') ? { ...body, uri: uriOf(body.uri) } : body,
    message: (message: Record<string, unknown>): Record<string, unknown> => ({
      ...message,
      content: part(message.content),
    }),
  };
}
