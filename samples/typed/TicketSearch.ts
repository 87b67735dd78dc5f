import { Arg, Tool } from 'hermes-tools';

/** Which tickets to return. */
export interface TicketFilter {
  /** Only tickets in this state. */
  status: 'open' | 'closed';
  /** Only tickets with every one of these labels. */
  labels?: string[];
}

export class TicketSearch {
  /**
   * Searches the support tickets, newest first.
   * @param query Words to look for in the title and the body.
   * @param priority The lowest priority to return: 1 is urgent.
   * @param filter Which tickets to return.
   * @example { "query": "refund", "priority": 2, "filter": { "status": "open" } }
   */
  @Tool({ name: 'tickets.search', readOnly: true })
  execute(
    @Arg('query', { minLength: 2 }) query: string,
    @Arg('priority') priority: 1 | 2 | 3,
    @Arg('filter') filter: TicketFilter,
    @Arg('limit') limit = 10,
  ): { query: string; priority: number; status: string; labels: string[]; limit: number } {
    return { query, priority, status: filter.status, labels: filter.labels ?? [], limit };
  }
}
