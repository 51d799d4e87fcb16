// Types of throwaway-servers.mjs for the TypeScript callers (the cluster's chaos test).

export interface OwnPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): Promise<unknown>;
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<unknown>;
  /** A hot standby of this server (pg_basebackup, streaming replication), started. */
  startStandby(): Promise<OwnPostgres>;
  close(): Promise<void>;
}

export interface OwnRedis {
  port: number;
  url: string;
  start(): Promise<void>;
  /** Blocks the server for `seconds` (DEBUG SLEEP). */
  stall(seconds: number): Promise<void>;
  /** SHUTDOWN NOSAVE. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export declare function startOwnPostgres(): Promise<OwnPostgres>;
export declare function startOwnRedis(): Promise<OwnRedis>;
