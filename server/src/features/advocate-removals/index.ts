// The advocate-removals feature as other features use it: whether an advocate is banned from a
// brand (joining and applying refuse them).
export { assertNotBanned, isBanned } from './repository.js';
