export type BrandType = 'company' | 'product';
export type BrandSize = '2-50' | '51-200' | '201-500' | '500+';

export const BRAND_TYPES: readonly BrandType[] = ['company', 'product'];
export const BRAND_SIZES: readonly BrandSize[] = ['2-50', '51-200', '201-500', '500+'];

export interface Brand {
  id: number;
  brand_name: string;
  brand_type?: BrandType | null;
  brand_size?: BrandSize | null;
  phone_no?: string | null;
  website_url?: string | null;
  instagram_url?: string | null;
  discord_url?: string | null;
  X_url?: string | null;
  description?: string | null;
  /** Location of the optional registration document (image or PDF) once uploaded. */
  brand_CAC?: string | null;
}
