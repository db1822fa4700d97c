/**
 * Request bodies the integration tests and the browser journeys (e2e/) both send, so the two tiers
 * stock the same goods. Plain data: no imports, nothing that needs a server or a browser.
 */

/** A commodity type as the catalogue lists it, as far as an application names its goods. */
export interface CatalogueType {
  commodityTypeId: string;
  grades: { gradeId: string }[];
  packages: { packagId: string }[];
}

/** A warehousing application of 100 pieces / 250.500 t of the type's first grade and package, with what a test is about laid over it. */
export function rebarApplication(rebar: CatalogueType, storageId: string, overrides: Record<string, unknown> = {}) {
  return {
    type: '1',
    commodityTypeId: rebar.commodityTypeId,
    batch: 'B20240601',
    firmName: '上海测试贸易有限公司',
    gradeId: rebar.grades[0]!.gradeId,
    manufacturer: '江苏沙钢集团',
    outWarehousDay: '2024-06-01',
    packagId: rebar.packages[0]!.packagId,
    quantity: '100',
    weight: '250.5',
    storageId,
    reportType: '1',
    ...overrides,
  };
}
