import type { ChildProcess } from 'node:child_process';

export declare const HAPROXY: string;
export declare function freePort(): Promise<number>;
export declare function ensureDatabase(databaseUrl: string): Promise<void>;
export declare function queryRows<Row = Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  params?: unknown[],
): Promise<Row[]>;

export interface ClusterInstance {
  name: string;
  port: number;
  dataDir: string;
  child: ChildProcess | undefined;
}

export interface Cluster {
  /** The load balancer. */
  url: string;
  statsUrl: string;
  databaseUrl: string;
  instances: ClusterInstance[];
  /** Each instance's state as HAProxy sees it (UP, DOWN, or a transition such as "UP 1/2"). */
  states(): Promise<Record<string, string>>;
  waitUntil(name: string, state: string, timeoutMs?: number): Promise<void>;
  start(names?: string[], moreEnv?: Record<string, string>): Promise<void>;
  stop(names?: string[], signal?: NodeJS.Signals): Promise<void>;
  logFile(name: string): string;
  /** Stops the load balancer (SIGKILL by default: a crash). */
  stopLoadBalancer(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same ports and waits until it answers. */
  startLoadBalancer(): Promise<void>;
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export declare function startCluster(opts: {
  dir: string;
  databaseUrl: string;
  redisUrl?: string;
  redisPrefix?: string;
  instances?: number;
  port?: number;
  env?: Record<string, string>;
  quiet?: boolean;
}): Promise<Cluster>;
