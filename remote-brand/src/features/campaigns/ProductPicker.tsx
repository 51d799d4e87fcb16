import { useField } from 'formik';
import { useId } from 'react';
import styled from 'styled-components';
import { useListBrandProductsQuery } from '../products';
import { Label, Select, Text } from 'shared-ui';
import type { ChosenProduct } from './campaignForm';

const NO_PRODUCTS: readonly { id: number; name: string }[] = [];

/**
 * Chooses the campaign's products from the brand's active ones: a product can be
 * chosen once, and chosen products leave the picker. If the products cannot be loaded the
 * picker is simply empty, since products are optional.
 */
export function ProductPicker({ name, brandId }: { name: string; brandId: number }) {
  const [field, , helpers] = useField<ChosenProduct[]>(name);
  const { data, isError } = useListBrandProductsQuery({ brandId, status: 'active' });
  const available = isError ? NO_PRODUCTS : (data?.products ?? NO_PRODUCTS);
  const chosen = field.value;
  const chosenIds = new Set(chosen.map((product) => product.id));
  const options = available
    .filter((product) => !chosenIds.has(product.id))
    .map((product) => ({ value: String(product.id), label: product.name }));
  const id = useId();

  const add = (rawId: string) => {
    const product = available.find((candidate) => String(candidate.id) === rawId);
    if (!product || chosenIds.has(product.id)) return;
    void helpers.setValue([...chosen, { id: product.id, name: product.name }]);
  };
  const remove = (productId: number) =>
    void helpers.setValue(chosen.filter((product) => product.id !== productId));

  return (
    <div>
      <Label htmlFor={id}>Products</Label>
      <Select
        id={id}
        value=""
        placeholder={options.length ? 'Add a product' : 'No more active products'}
        options={options}
        disabled={options.length === 0}
        onChange={(event) => add(event.target.value)}
      />
      {chosen.length > 0 ? (
        <Chips aria-label="Chosen products">
          {chosen.map((product) => (
            <li key={product.id}>
              {product.name || `Product ${product.id}`}
              <button
                type="button"
                aria-label={`Remove ${product.name || product.id}`}
                onClick={() => remove(product.id)}
              >
                ×
              </button>
            </li>
          ))}
        </Chips>
      ) : (
        <Hint size="sm" muted>
          No products chosen.
        </Hint>
      )}
    </div>
  );
}

const Hint = styled(Text)`
  margin-top: ${({ theme }) => theme.spacing(1.5)};
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
  margin: ${({ theme }) => theme.spacing(2)} 0 0;
  padding: 0;
  list-style: none;

  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing(1)};
    padding: 2px ${({ theme }) => theme.spacing(1)} 2px ${({ theme }) => theme.spacing(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  button {
    width: 22px;
    height: 22px;
    border: 0;
    border-radius: 50%;
    background: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 16px;
    line-height: 1;
    cursor: pointer;

    &:hover {
      background: ${({ theme }) => theme.colors.border};
      color: ${({ theme }) => theme.colors.text};
    }
  }
`;
