import type { FunctionCall } from '@google/genai';
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { Type as Convert } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Arg, Tool, toolset, type ToolRegistry } from 'hermes-tools';
import { toAnthropicTools, toGeminiTools, toOpenAITools } from 'hermes-tools/providers';
import { buildRegistry } from './support/buildRegistry.js';

class Label {
  @IsString() $name!: string;
}

class Filter {
  @IsString() $tag!: string;
  @IsOptional() @IsInt() 'max-count'?: number;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Convert(() => Label) labels?: Label[];
}

@Tool({ name: 'notes.search', description: 'Search notes.' })
class SearchNotes {
  execute(@Arg('$x') x: string, @Arg('filter', { type: Filter }) filter: Filter): unknown {
    return {
      x,
      tag: filter.$tag,
      max: filter['max-count'] ?? 'absent',
      labels: filter.labels?.map((l) => l.$name) ?? [],
    };
  }
}

const ANTHROPIC_PROPERTY = /^[a-zA-Z0-9_.-]{1,64}$/;
const GEMINI_PROPERTY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Every property name of a schema, nested objects, array items and anyOf branches included. */
function propertyNames(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  return [
    ...Object.keys(properties),
    ...Object.values(properties).flatMap(propertyNames),
    ...propertyNames(node.items),
    ...((node.anyOf as unknown[] | undefined) ?? []).flatMap(propertyNames),
  ];
}

const expected = { x: 'plans', tag: 'work', max: 3, labels: ['urgent'] };
let registry: ToolRegistry;
beforeEach(async () => {
  registry = (await buildRegistry(toolset({ name: 'notes', tools: [SearchNotes] }))).registry;
});

describe('property names a provider refuses', () => {
  it('Anthropic: renamed in input_schema (nested ones and required too), named in the report, and mapped back before dispatch', async () => {
    const anthropic = toAnthropicTools(registry.definitions());
    const [tool] = anthropic.tools;
    const typed: Anthropic.Tool = tool!;
    expect(propertyNames(typed.input_schema).every((n) => ANTHROPIC_PROPERTY.test(n))).toBe(true);
    expect(typed.input_schema.required).toEqual(['_x', 'filter']);
    expect(Object.keys(typed.input_schema.properties as object)).toEqual(['_x', 'filter']);
    // "max-count" is legal for Anthropic and keeps its name.
    expect(propertyNames(typed.input_schema)).toEqual(['_x', 'filter', '_tag', 'max-count', 'labels', '_name']);
    expect(anthropic.report[0]!.changes).toEqual([
      'name "notes.search" sent as "notes_search" (Anthropic allows only letters, digits, "_" and "-", at most 64)',
      'property "$x" sent as "_x" (Anthropic allows only letters, digits, "_", "." and "-" in property names, at most 64)',
      'property "filter.$tag" sent as "_tag" (Anthropic allows only letters, digits, "_", "." and "-" in property names, at most 64)',
      'property "filter.labels[].$name" sent as "_name" (Anthropic allows only letters, digits, "_", "." and "-" in property names, at most 64)',
    ]);
    const use: Anthropic.ToolUseBlock = {
      type: 'tool_use',
      id: 'toolu_1',
      name: 'notes_search',
      input: { _x: 'plans', filter: { _tag: 'work', 'max-count': 3, labels: [{ _name: 'urgent' }] } },
      caller: { type: 'direct' },
    };
    const { outcome, message } = await anthropic.dispatch(registry, use);
    expect(outcome).toMatchObject({ ok: true, value: expected });
    expect(message.is_error).toBeUndefined();
    // A provider name that is wrong stays wrong: the validator names it.
    const bad = await anthropic.dispatch(registry, { ...use, input: { _x: 'plans', filter: { tag: 'work' } } });
    expect(bad.outcome).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    // The validator names the tool's own properties; the message tells the model how it sends them.
    expect(bad.message.is_error).toBe(true);
    expect(bad.message.content).toContain('filter.$tag');
    expect((bad.message.content as string).split('\n').at(-1)).toBe(
      'Property names above are the tool\'s own: "$x" is sent as "_x"; "filter.$tag" as "filter._tag"; "filter.labels[].$name" as "filter.labels[]._name".',
    );
  });

  it('Gemini: renamed to its stricter rule in parameters, named in the report, and mapped back before dispatch', async () => {
    const gemini = toGeminiTools(registry.definitions());
    const declaration = gemini.tools[0]!.functionDeclarations[0]!;
    expect(declaration.parametersJsonSchema).toBeUndefined();
    const names = propertyNames(declaration.parameters);
    expect(names).toEqual(['_x', 'filter', '_tag', 'max_count', 'labels', '_name']);
    expect(names.every((n) => GEMINI_PROPERTY.test(n))).toBe(true);
    expect(declaration.parameters!.properties!.filter!.required).toEqual(['_tag']);
    expect(gemini.report[0]!.changes.filter((c) => c.startsWith('property'))).toEqual([
      'property "$x" sent as "_x" (Gemini allows only letters, digits and "_" in property names, not a digit first, at most 64)',
      'property "filter.$tag" sent as "_tag" (Gemini allows only letters, digits and "_" in property names, not a digit first, at most 64)',
      'property "filter.max-count" sent as "max_count" (Gemini allows only letters, digits and "_" in property names, not a digit first, at most 64)',
      'property "filter.labels[].$name" sent as "_name" (Gemini allows only letters, digits and "_" in property names, not a digit first, at most 64)',
    ]);
    const call: FunctionCall = {
      id: 'g1',
      name: 'notes.search',
      args: { _x: 'plans', filter: { _tag: 'work', max_count: 3, labels: [{ _name: 'urgent' }] } },
    };
    const { outcome, message } = await gemini.dispatch(registry, call);
    expect(outcome).toMatchObject({ ok: true, value: expected });
    expect(message.functionResponse.response).toEqual({ output: expected });
    const bad = await gemini.dispatch(registry, {
      ...call,
      args: { _x: 'plans', filter: { _tag: 'work', max_count: 'three' } },
    });
    expect(bad.outcome).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(String(bad.message.functionResponse.response.error)).toMatch(
      /filter\.max-count[\s\S]*"filter\.max-count" as "filter\.max_count"/,
    );
  });

  it('a renamed name that collides with a legal one gets a hash, and both map back', async () => {
    @Tool({ name: 'pair', description: 'Two names that sanitise alike.' })
    class Pair {
      execute(@Arg('$x') dollar: string, @Arg('_x') underscore: string): unknown {
        return { dollar, underscore };
      }
    }
    const pair = (await buildRegistry(toolset({ name: 'pair', tools: [Pair] }))).registry;
    const anthropic = toAnthropicTools(pair.definitions());
    const names = Object.keys(anthropic.tools[0]!.input_schema.properties as object);
    expect(names[1]).toBe('_x');
    expect(names[0]).toMatch(/^_x_[0-9a-f]{8}$/);
    const { outcome } = await anthropic.dispatch(pair, { id: 't', name: 'pair', input: { [names[0]!]: 'a', _x: 'b' } });
    expect(outcome).toMatchObject({ ok: true, value: { dollar: 'a', underscore: 'b' } });
  });

  it('OpenAI documents no rule for property names: they go through as they are, and the report says nothing of them', async () => {
    const openai = toOpenAITools(registry.definitions());
    const tool: OpenAI.ChatCompletionFunctionTool = openai.tools[0]!;
    expect(propertyNames(tool.function.parameters)).toEqual(['$x', 'filter', '$tag', 'max-count', 'labels', '$name']);
    expect(openai.report[0]!.changes.some((c) => c.startsWith('property'))).toBe(false);
    const call: OpenAI.ChatCompletionMessageFunctionToolCall = {
      id: 'c1',
      type: 'function',
      function: {
        name: 'notes_search',
        arguments: JSON.stringify({
          $x: 'plans',
          filter: { $tag: 'work', 'max-count': 3, labels: [{ $name: 'urgent' }] },
        }),
      },
    };
    const { outcome } = await openai.dispatch(registry, call);
    expect(outcome).toMatchObject({ ok: true, value: expected });
  });
});
