// The campaign calls' schemas live in the contract, shared with the clients.
export {
  BrandCampaignsReply,
  CampaignListReply,
  CampaignProductRef,
  CampaignStatusValue,
  CampaignView,
  CampaignWriteReply,
  CommissionTypeValue,
  CreateCampaignBody,
  UpdateCampaignBody,
} from 'contract';
