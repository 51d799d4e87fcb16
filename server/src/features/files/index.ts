// The files feature as other features may use it: they import from here, never its other files.
export { formBody, withMultipart } from './form-body.js';
export type { UploadOwner } from './quota.js';
export { insertUpload, settleUploads } from './repository.js';
export type { FileUrlSigner } from './signing.js';
export type { StoredFile, UploadRule } from './storage.js';
