import { mkdir, readFile, writeFile, appendFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { injectable } from 'inversify';

/** A folder that file tools cannot leave: every path is resolved inside it, `..` included. */
@injectable()
export class Sandbox {
  constructor(readonly root: string) {}

  resolve(relative: string): string {
    const full = path.resolve(this.root, `.${path.sep}${relative}`);
    if (full !== this.root && !full.startsWith(this.root + path.sep)) throw new Error(`"${relative}" is outside the sandbox`);
    return full;
  }

  async read(relative: string, maxBytes: number, signal: AbortSignal): Promise<string> {
    const text = await readFile(this.resolve(relative), { encoding: 'utf8', signal });
    return text.slice(0, maxBytes);
  }

  async write(relative: string, content: string, append: boolean): Promise<number> {
    const full = this.resolve(relative);
    await mkdir(path.dirname(full), { recursive: true });
    await (append ? appendFile(full, content, 'utf8') : writeFile(full, content, 'utf8'));
    return Buffer.byteLength(content);
  }

  async list(relative: string): Promise<string[]> {
    return (await readdir(this.resolve(relative), { withFileTypes: true })).map((e) => (e.isDirectory() ? `${e.name}/` : e.name)).sort();
  }
}
