import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_PHONE_PATTERN, PRODUCT_PRICE_PATTERN } from '@tp/contract';

/** The server's rules for the seller forms, with translated messages naming the field. */
export function useSellerRules() {
  const { t } = useTranslation();
  const label = (field: string) => t(`product.fields.${field as 'name'}`);
  return {
    text: (field: string, min: number, max: number) => [
      { required: true, whitespace: true, message: t('product.rules.required', { field: label(field) }) },
      { min, message: t('product.rules.min', { field: label(field), min }) },
      { max, message: t('product.rules.max', { field: label(field), max }) },
    ],
    optional: (field: string, max: number) => [{ max, message: t('product.rules.max', { field: label(field), max }) }],
    required: (field: string) => [{ required: true, message: t('product.rules.required', { field: label(field) }) }],
    price: [
      { required: true, message: t('product.rules.required', { field: label('price') }) },
      {
        validator: (_: unknown, v: string | undefined) =>
          !v || (PRODUCT_PRICE_PATTERN.test(v.trim()) && /[1-9]/.test(v)) ? Promise.resolve() : Promise.reject(new Error(t('product.rules.price', { field: label('price') }))),
      },
    ],
    phone: [
      { required: true, message: t('product.rules.required', { field: label('contactPhone') }) },
      { pattern: PRODUCT_PHONE_PATTERN, message: t('product.rules.phone', { field: label('contactPhone') }) },
    ],
    images: [
      {
        validator: (_: unknown, v: string[] | undefined) => (v && v.length >= 1 && v.length <= 5 ? Promise.resolve() : Promise.reject(new Error(t('product.rules.images', { field: label('images') })))),
      },
    ],
  };
}

/** What a member without the product right sees instead of a seller page. */
export function NoSellerRight() {
  const { t } = useTranslation();
  return <Result status="403" title={t('product.noRight')} data-testid="product-no-right" />;
}
