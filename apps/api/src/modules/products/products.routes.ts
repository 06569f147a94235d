import {
  createProductBodySchema,
  deleteProductResponseSchema,
  idParamsSchema,
  listProductsQuerySchema,
  listProductsResponseSchema,
  productResponseSchema,
  updateProductBodySchema,
  updateProductStatusBodySchema,
} from '@patrol/contracts';
import { defineRoute } from '../../http/route';
import {
  createProduct,
  deleteProduct,
  listProducts,
  setProductStatus,
  updateProduct,
} from './products.service';

const tags = ['products'];

/** The billing catalogue (spec 3 section 7). */
export const productRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/business/products',
    summary: 'A page of the product catalogue',
    description:
      'Filtered by category and active, searched over name and productId, sorted and paged (20 by default) on the server.',
    tags,
    access: { permissions: ['products.view'] },
    query: listProductsQuerySchema,
    response: listProductsResponseSchema,
    handler: ({ ctx, query }) => listProducts(ctx.db, query),
  }),
  defineRoute({
    method: 'post',
    idempotent: true,
    path: '/api/business/products',
    summary: 'Add a product; its productId is numbered by the server from the numbering settings',
    tags,
    access: { permissions: ['products.create'] },
    body: createProductBodySchema,
    response: productResponseSchema,
    status: 201,
    handler: ({ ctx, user, body }) => createProduct(ctx, user, body),
  }),
  defineRoute({
    method: 'put',
    idempotent: true,
    path: '/api/business/products/:id',
    summary: 'Edit a product (the changed fields; productId never changes)',
    tags,
    access: { permissions: ['products.edit'] },
    params: idParamsSchema,
    body: updateProductBodySchema,
    response: productResponseSchema,
    handler: ({ ctx, user, params, body }) => updateProduct(ctx, user, params.id, body),
  }),
  defineRoute({
    method: 'put',
    idempotent: true,
    path: '/api/business/products/:id/status',
    summary: 'Activate or deactivate a product (the row switch)',
    tags,
    access: { permissions: ['products.edit'] },
    params: idParamsSchema,
    body: updateProductStatusBodySchema,
    response: productResponseSchema,
    handler: ({ ctx, user, params, body }) => setProductStatus(ctx, user, params.id, body.active),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/business/products/:id',
    summary: 'Delete a product',
    description:
      'Quotation and invoice lines keep their own copy of the name, description and price, so the documents that used the product are unchanged; only their link to the catalogue is cleared.',
    tags,
    access: { permissions: ['products.delete'] },
    params: idParamsSchema,
    response: deleteProductResponseSchema,
    handler: ({ ctx, user, params }) => deleteProduct(ctx, user, params.id),
  }),
];
