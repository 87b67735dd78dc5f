import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { nestProblem } from '../errors/nestProblem.js';
import { readDtoModel } from './dto/readDtoModel.js';
import { notAClassProblem } from './notAClassProblem.js';

/** Problems of a DTO and of every DTO nested in it. */
export function dtoTreeProblems(dto: Function, seen = new Set<Function>()): DefinitionProblem[] {
  if (seen.has(dto)) return [];
  seen.add(dto);
  const notClass = notAClassProblem(dto);
  if (notClass !== undefined) return [notClass];
  const { model, problems } = readDtoModel(dto);
  const out = [...problems];
  if (model.properties.length === 0 && seen.size === 1) {
    out.push({
      where: '',
      code: 'empty_dto',
      message: `${dto.name} has no class-validator decorators, so it accepts no property; decorate its properties (@IsString() …)`,
    });
  }
  for (const p of model.properties) {
    if (p.nested === undefined) continue;
    let nested: unknown;
    try {
      nested = p.nested();
    } catch (error) {
      out.push({
        where: `${dto.name}.${p.name}`,
        code: 'type_thunk_threw',
        message: `its @Type thunk threw (${error instanceof Error ? error.message : String(error)})`,
      });
      continue;
    }
    // A thunk that gives no class (a typo, a class not yet defined in a module cycle) would leave the nested value
    // unchecked.
    if (typeof nested !== 'function') {
      const given = nested === undefined ? 'undefined' : nested === null ? 'null' : `a ${typeof nested}`;
      out.push({
        where: `${dto.name}.${p.name}`,
        code: 'not_a_class',
        message: `its @Type thunk returned ${given}, not a class; return the nested DTO class (@Type(() => TheDto))`,
      });
      continue;
    }
    const notClass = notAClassProblem(nested);
    out.push(
      ...(notClass === undefined ? dtoTreeProblems(nested, seen) : [nestProblem(`${dto.name}.${p.name}`, notClass)]),
    );
  }
  return out;
}
