import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../openapi/schema';

export type OperationId = keyof operations;

type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody: infer R }
  ? JsonBody<NonNullable<R>>
  : undefined;
type SuccessBody<Op extends OperationId> = {
  [S in keyof operations[Op]['responses']]: S extends 200 | 201 | 202
    ? JsonBody<operations[Op]['responses'][S]>
    : never;
}[keyof operations[Op]['responses']];

export type OperationRequest<Op extends OperationId> = FastifyRequest<{
  Body: RequestBody<Op>;
  Querystring: NonNullable<operations[Op]['parameters']['query']>;
  Params: NonNullable<operations[Op]['parameters']['path']>;
}>;

/**
 * A handler for one operation of openapi/openapi.yaml: the request is typed from the contract
 * (already validated against it), and the success body it returns must match the contract.
 * Handlers answering 204 return undefined after setting the status.
 */
export type OperationHandler<Op extends OperationId> = (
  request: OperationRequest<Op>,
  reply: FastifyReply,
) => Promise<SuccessBody<Op> | undefined>;

export type OperationHandlers<Ops extends OperationId = OperationId> = {
  [Op in Ops]: OperationHandler<Op>;
};
