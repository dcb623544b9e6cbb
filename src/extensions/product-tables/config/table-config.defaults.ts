import type { ColumnType, TableColumn, TableConfig } from './table-config.schemas.js';

/**
 * The one canonical factory configuration of a new table (reference §1.7 had two conflicting sets;
 * this keeps the admin set, which is what users saw in the wizard).
 */
export function factoryTableConfig(): TableConfig {
  return {
    title: 'Untitled Table',
    status: 'publish',
    source: {
      type: 'all',
      queryArgs: {
        categoryIds: [],
        postIds: [],
        excludes: [],
        stockStatus: 'any',
        tagIds: [],
        priceRange: { min: 0, max: null },
      },
      sort: { orderBy: 'date', order: 'DESC' },
    },
    columns: [
      defaultColumn('col_image_default', 'image', 'Image', { value: 92, unit: 'px' }),
      defaultColumn('col_name_default', 'name', 'Product'),
      defaultColumn('col_price_default', 'price', 'Price'),
      defaultColumn('col_button_default', 'button', 'Buy'),
    ],
    settings: {
      features: {
        search: true,
        sorting: true,
        pagination: true,
        export: false,
        bulkSelect: {
          enabled: true,
          position: 'last',
          width: { value: 64, unit: 'px' },
          visibility: 'all',
        },
        selectedItemsPanel: { enabled: true },
        clearAllButton: true,
        variationBadges: true,
        lightbox: true,
        variableGrouped: false,
        priceFilter: { enabled: false, mode: 'both', step: 1, customMin: null, customMax: null },
        variableProductMode: 'inline',
        groupedProductMode: 'inline',
        nestedDefaultExpanded: false,
        showChildCount: true,
      },
      pagination: { limit: 10, mode: 'standard', position: 'bottom' },
      cart: {
        enable: true,
        method: 'button',
        ajaxAdd: true,
        showQuantity: true,
        addToCartText: '',
        selectOptionsText: '',
      },
      filters: {
        enabled: true,
        showCategory: true,
        showType: true,
        activeTaxonomies: ['product_cat'],
        showPriceRange: false,
      },
    },
    style: {
      header: { bgColor: '#f8f9fa', textColor: '#1f2937', fontSize: '14px' },
      body: {
        bgColor: '#ffffff',
        textColor: '#555555',
        rowAlternate: true,
        altBgColor: '#f9f9f9',
        altTextColor: '#555555',
        borderColor: '#eeeeee',
      },
      button: {
        bgColor: '#2271b1',
        textColor: '#ffffff',
        borderRadius: '4px',
        icon: 'cart',
        hoverBgColor: '#135e96',
        hoverTextColor: '#ffffff',
      },
      layout: {
        borderStyle: 'solid',
        borderColor: '#e5e7eb',
        borderRadiusEnabled: true,
        borderRadius: 8,
        cellPadding: 'normal',
      },
      typography: { headerFontWeight: 'bold', headerTextTransform: 'uppercase' },
      hover: { rowHoverEnabled: true, rowHoverBgColor: '#f3f4f6', rowHoverTextColor: '#111827' },
      responsive: { mode: 'stack' },
    },
  };
}

/** Default per-type column options (merged under what a client sends). */
export function defaultColumnSettings(type: ColumnType): TableColumn['settings'] {
  switch (type) {
    case 'image':
      return { imageSize: 'thumbnail', linkTarget: 'product' };
    case 'name':
      return { linkTarget: 'product' };
    case 'summary':
      return { wordLimit: 10 };
    case 'tax':
      return { taxonomy: 'product_cat', linkToArchive: false };
    case 'rating':
      return { displayFormat: 'stars' };
    case 'combined':
      return { elements: [], layout: 'inline', separator: ' ' };
    default:
      return {};
  }
}

/** A column with its default heading visibility, width and options. */
export function defaultColumn(
  id: string,
  type: ColumnType,
  heading: string,
  width: TableColumn['advanced']['width'] = { value: 0, unit: 'auto' },
): TableColumn {
  return {
    id,
    type,
    heading,
    advanced: { showHeading: true, width, visibility: 'default' },
    settings: defaultColumnSettings(type),
  };
}
