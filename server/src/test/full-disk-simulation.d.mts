/** Writes under `dataDir` (in this thread and the threads it starts) fail with ENOSPC while `flag` exists. */
export function simulateFullDisk(dataDir: string, flag: string): void;
