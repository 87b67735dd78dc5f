import { jest } from '@jest/globals';
import { MemoryTaskStore } from 'hermes-tools/mcp';

describe('MemoryTaskStore', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  describe('when a task outlives its ttl', () => {
    it('should forget it, free its owner’s slot, and end a wait on it', async () => {
      jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
      const store = new MemoryTaskStore();
      const task = (await store.create({ owner: 'ann', ttlMs: 1000, maxPerOwner: 1 }))!;
      expect(await store.create({ owner: 'ann', ttlMs: 1000, maxPerOwner: 1 })).toBeUndefined();
      const waiting = store.settled('ann', task.taskId, new AbortController().signal);
      jest.advanceTimersByTime(1000);
      expect(await waiting).toBeUndefined();
      expect(await store.get('ann', task.taskId)).toBeUndefined();
      expect(await store.create({ owner: 'ann', ttlMs: 1000, maxPerOwner: 1 })).toBeDefined();
    });
  });

  describe('when full', () => {
    it('should refuse a task of any owner', async () => {
      const store = new MemoryTaskStore({ maxTasks: 1 });
      expect(await store.create({ owner: 'ann', ttlMs: 1000, maxPerOwner: 5 })).toBeDefined();
      expect(await store.create({ owner: 'bob', ttlMs: 1000, maxPerOwner: 5 })).toBeUndefined();
      expect(() => new MemoryTaskStore({ maxTasks: 0 })).toThrow(/maxTasks must be a whole number of at least 1/);
    });
  });

  describe('when a wait is aborted', () => {
    it('should reject with the signal’s reason', async () => {
      const store = new MemoryTaskStore();
      const task = (await store.create({ owner: 'ann', ttlMs: 60_000, maxPerOwner: 5 }))!;
      const controller = new AbortController();
      const waiting = store.settled('ann', task.taskId, controller.signal);
      controller.abort(new Error('gone'));
      await expect(waiting).rejects.toThrow('gone');
    });
  });
});
