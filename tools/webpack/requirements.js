// Exposed by every remote as './requirements': the versions of the shared packages the remote was
// built against, so the shell can tell when a remote needs newer shared code than the page has
// (a singleton shared 'loaded-first' would otherwise run the page's older copy silently).
/* global __SHARED_BUILD__ */
export const builtWith = __SHARED_BUILD__;
