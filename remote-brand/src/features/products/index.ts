// The brand's products query, read by the campaign form's product picker and the brand profile too.
export { useListBrandProductsQuery } from './productsApi';
