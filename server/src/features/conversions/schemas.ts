// POST sdk-log-conversion/: the schemas live in the contract, shared with the sdk.
export { ConversionBody, ConversionReply, ConversionView } from 'contract';
