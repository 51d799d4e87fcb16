// Types of lib-server.mjs for the TypeScript callers (the cluster test).
import type { ChildProcess } from 'node:child_process';

export declare const root: string;
export declare const serverEntry: string;
export declare function freePort(): Promise<number>;
export declare function startServer(
  env: Record<string, string>,
  options?: { nodeArgs?: string[] },
): Promise<{ base: string; child: ChildProcess }>;
export declare function stopServer(child: ChildProcess): Promise<number | null>;
export declare function api<T = unknown>(
  base: string,
  method: string,
  url: string,
  options?: { token?: string; body?: unknown },
): Promise<T>;
export declare function login(base: string, email: string, password: string): Promise<string>;
export declare function seedShareLink(
  base: string,
  campaignFields?: Record<string, unknown>,
): Promise<{
  brand: number;
  product: number;
  campaign: number;
  code: string;
  brandToken: string;
}>;
export declare function freshPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }>;
export declare function requireServerBuild(): void;
export declare function freshServerData(
  name: string,
  options?: { postgres?: boolean },
): Promise<{ env: Record<string, string>; remove(): Promise<void> }>;
export declare function clickDrain(
  base: string,
  instances?: number,
): Promise<() => Promise<number>>;
