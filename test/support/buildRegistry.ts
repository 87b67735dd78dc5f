import { Container, type ContainerModule } from 'inversify';
import { ToolRegistry } from 'hermes-tools';

/** A real container with `modules` loaded, and the registry it builds. */
export async function buildRegistry(
  ...modules: ContainerModule[]
): Promise<{ container: Container; registry: ToolRegistry }> {
  const container = new Container();
  await container.load(...modules);
  return { container, registry: container.get(ToolRegistry) };
}

/** The ToolDefinitionError problems of building a registry from `modules` (fails the test if it builds). */
export async function definitionProblems(...modules: ContainerModule[]): Promise<readonly string[]> {
  const container = new Container();
  await container.load(...modules);
  try {
    container.get(ToolRegistry);
  } catch (error) {
    const problems = (error as { problems?: readonly string[] }).problems;
    if (problems === undefined) throw error;
    return problems;
  }
  throw new Error('expected the registry build to fail');
}
