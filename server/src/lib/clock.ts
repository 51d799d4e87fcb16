/** Source of "now". Injected through buildApp so tests can move time (code expiry, token lifetimes). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const addMs = (date: Date, ms: number): Date => new Date(date.getTime() + ms);
