// The brand's statistics query, read by the dashboard's cards and the brand profile's panel too.
export { useGetBrandStatsQuery } from './brandStatsApi';
