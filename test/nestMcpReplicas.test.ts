// Two Nest apps serving the MCP endpoint statelessly, as two replicas behind a load balancer would: one on Express,
// one on Fastify, sharing a real redis-server for tasks (RedisTaskStore) and spent approvals (RedisSpentApprovals), and
// one requestStateKey. A client's requests land on either; what one replica started or answered, the other knows.
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { type CanActivate, type ExecutionContext, type INestApplication, Injectable } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { Arg, Ctx, Tool, type ToolContext } from 'hermes-tools';
import { HermesToolsModule, type McpEndpointOptions } from 'hermes-tools/nest';
import { RedisSpentApprovals, RedisTaskStore } from 'hermes-tools/queue';
import { z } from 'zod';
import { createTask, refusal, text } from './support/mcpTaskClient.js';
import { type ModernTaskClient, modernTaskClient } from './support/modernTasks.js';
import { rawCall } from './support/modernRawCall.js';
import { type RedisServer, startRedisServer } from './support/redisServer.js';

const TOKENS: Record<string, string> = {
  'ann-token-5f2c9e1a7b3d4c60': 'ann',
  'bob-token-8a1d3f6c2e9b7a45': 'bob',
};

/** The app's own guard: a bearer token names a user, put on the request. */
@Injectable()
class TokenGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: string }>();
    const user = TOKENS[request.headers.authorization?.replace(/^Bearer /, '') ?? ''];
    if (user === undefined) return false;
    request.user = user;
    return true;
  }
}

/** What ran, in either app: the test reads it to know a call did (or did not) run. */
const ran: string[] = [];

@Injectable()
class ReportTools {
  @Tool({ name: 'reports.build', description: 'Builds a report; may run as a task.', task: 'optional' })
  build(@Arg('title') title: string, @Ctx() ctx: ToolContext): string {
    ran.push(`build ${title}`);
    return `${title} for ${String(ctx.caller)}`;
  }

  @Tool({ name: 'reports.purge', description: 'Deletes a report.', destructive: true })
  purge(@Arg('title') title: string): string {
    ran.push(`purge ${title}`);
    return `purged ${title}`;
  }
}

const ANN = 'ann-token-5f2c9e1a7b3d4c60';
const BOB = 'bob-token-8a1d3f6c2e9b7a45';
const KEY = 'replicas-share-this-key-of-32-bytes-or-more';
const TASK = z.looseObject({ taskId: z.string(), status: z.string(), result: z.unknown().optional() });

describe('hermes-tools/nest MCP endpoint on two stateless replicas (Express and Fastify) sharing Redis', () => {
  let redis: RedisServer;
  let store: RedisTaskStore;
  let spent: RedisSpentApprovals;
  const apps: INestApplication[] = [];
  const closing: (() => Promise<void>)[] = [];
  let express: URL;
  let fastify: URL;

  async function replica(adapter: 'express' | 'fastify'): Promise<URL> {
    const mcp: McpEndpointOptions = {
      guards: [TokenGuard],
      stateless: true,
      caller: (request) => ({ caller: (request as { user: string }).user }),
      tasks: { store },
      requestStateKey: KEY,
      spentApprovals: spent,
    };
    const moduleRef = await Test.createTestingModule({
      imports: [
        HermesToolsModule.forRoot({ toolsets: [{ name: 'reports', tools: [ReportTools] }], approvals: {}, mcp }),
      ],
      providers: [ReportTools],
    }).compile();
    const app =
      adapter === 'fastify'
        ? moduleRef.createNestApplication(new FastifyAdapter(), { logger: false })
        : moduleRef.createNestApplication({ logger: false });
    apps.push(app);
    await app.listen(0, '127.0.0.1');
    return new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
  }

  async function legacy(url: URL, token: string): Promise<Client> {
    const client = new Client({ name: 'legacy-replicas', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    );
    closing.push(() => client.close());
    return client;
  }

  async function modern(url: URL, token: string): Promise<ModernTaskClient> {
    const client = await modernTaskClient(url, token);
    closing.push(() => client.close());
    return client;
  }

  beforeAll(async () => {
    redis = await startRedisServer();
    store = new RedisTaskStore({ connection: redis.url });
    spent = new RedisSpentApprovals({ connection: redis.url });
    express = await replica('express');
    fastify = await replica('fastify');
  });

  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
    ran.length = 0;
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await store?.close();
    await spent?.close();
    await redis?.stop();
  });

  it('a 2025 client creates a task on one replica and fetches its result on the other; another user cannot', async () => {
    const here = await legacy(express, ANN);
    const there = await legacy(fastify, ANN);
    const bob = await legacy(fastify, BOB);
    const { task } = await createTask(here, 'reports.build', { title: 'Q3' }, 60_000);
    expect(text(await there.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema))).toBe('Q3 for ann');
    expect((await there.experimental.tasks.getTask(task.taskId)).status).toBe('completed');
    await refusal(bob.experimental.tasks.getTask(task.taskId));
    expect(ran).toEqual(['build Q3']);
  });

  it('a 2026 client creates a task through the tasks extension on one replica and reads it on the other', async () => {
    const here = await modern(fastify, ANN);
    const there = await modern(express, ANN);
    const bob = await modern(express, BOB);
    const execution = await here.session.callTool('reports.build', { title: 'Q4' });
    expect(execution.kind).toBe('task');
    const { taskId } = execution.handle!;
    const settled = await store.settled('principal:ann', taskId, new AbortController().signal);
    expect(settled).toBeDefined();
    const read = await there.client.request({ method: 'tasks/get', params: { taskId } }, TASK);
    expect(read).toMatchObject({ taskId, status: 'completed' });
    expect(text(read.result)).toBe('Q4 for ann');
    expect(text(resultFromTaskOutcome((await execution.settle()).outcome))).toBe('Q4 for ann');
    await expect(bob.client.request({ method: 'tasks/get', params: { taskId } }, TASK)).rejects.toThrow();
  });

  it('an approval asked on one replica is answered on the other, once: replayed on either, it approves nothing', async () => {
    const first = await rawCall(express, ANN, { name: 'reports.purge', arguments: { title: 'old' } });
    expect(first.body.result).toMatchObject({ resultType: 'input_required' });
    const retry = {
      name: 'reports.purge',
      arguments: { title: 'old' },
      inputResponses: { approve: { action: 'accept', content: { approve: true } } },
      requestState: String(first.body.result?.requestState),
    };
    expect((await rawCall(fastify, ANN, retry)).body.result).toMatchObject({
      content: [{ type: 'text', text: 'purged old' }],
    });
    expect(ran).toEqual(['purge old']);
    for (const url of [express, fastify]) {
      const replayed = await rawCall(url, ANN, retry);
      expect(replayed.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('answered already') });
    }
    expect(ran).toEqual(['purge old']);
  });

  it('approves nothing with a forged or altered requestState, or with one sent by another user', async () => {
    const first = await rawCall(fastify, ANN, { name: 'reports.purge', arguments: { title: 'q1' } });
    const state = String(first.body.result?.requestState);
    const yes = { approve: { action: 'accept', content: { approve: true } } };
    const altered = `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const [token, requestState] of [
      [ANN, altered],
      [ANN, 'v1.eyJwIjp7InQiOiJyZXBvcnRzLnB1cmdlIn19.AAAA'],
      [BOB, state],
    ] as const) {
      const answer = await rawCall(express, token, {
        name: 'reports.purge',
        arguments: { title: 'q1' },
        inputResponses: yes,
        requestState,
      });
      expect(answer.body.error).toMatchObject({ code: -32602 });
    }
    expect(ran).toEqual([]);
  });

  it.each([
    ['Mcp-Name', { 'mcp-name': 'reports.purge' }],
    ['Mcp-Method', { 'mcp-method': 'tools/list' }],
  ])('refuses a 2026 request whose %s header does not match its body, before anything runs', async (_, headers) => {
    for (const url of [express, fastify]) {
      const mismatch = await rawCall(url, ANN, { name: 'reports.build', arguments: { title: 'x' } }, headers);
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.error).toMatchObject({ code: -32020 });
    }
    expect(ran).toEqual([]);
  });
});

describe('hermes-tools/nest MCP endpoint options for replicas', () => {
  it('fails the startup naming a short requestStateKey, a spentApprovals that is no store, and an unknown option', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        HermesToolsModule.forRoot({
          toolsets: [{ name: 'reports', tools: [ReportTools] }],
          mcp: {
            requestStateKey: 'short',
            spentApprovals: {} as never,
            statless: true,
          } as McpEndpointOptions,
        }),
      ],
      providers: [ReportTools],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    try {
      const failure = await app.init().then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(failure?.message).toContain('requestStateKey must be a string or a Uint8Array of at least 32 bytes');
      expect(failure?.message).toContain('spentApprovals must be a SpentApprovalStore');
      expect(failure?.message).toContain('unknown option "statless"');
    } finally {
      await app.close();
    }
  });
});
