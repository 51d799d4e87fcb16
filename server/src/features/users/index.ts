// The users feature as other features may use it: they import from here, never its other files.
export {
  EMAIL_TAKEN,
  createUser,
  findUserByEmail,
  findUserById,
  markVerified,
  normalizeEmail,
  updateUser,
} from './repository.js';
