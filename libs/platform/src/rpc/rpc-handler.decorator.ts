import { MessagePattern } from '@nestjs/microservices';
import { RpcRequests, type RpcRequest, type RpcResponse, type RpcSubject } from '@hdiya/contracts';
import { validateOrRefuse } from './validated-payload.pipe.js';

type Handler<S extends RpcSubject> = (request: RpcRequest<S>) => RpcResponse<S> | Promise<RpcResponse<S>>;

/**
 * Answers `subject`: the payload is validated with the subject's contract schema before the method
 * runs (a service trusts no caller), and the method must take that request and return that
 * response, or the service does not compile.
 */
export function RpcHandler<S extends RpcSubject>(subject: S) {
  return <T extends Handler<S>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<T>): void => {
    const handle = descriptor.value!;
    const schema = RpcRequests[subject];
    descriptor.value = function (this: unknown, payload: unknown) {
      return handle.call(this, validateOrRefuse(schema, payload) as RpcRequest<S>);
    } as T;
    MessagePattern(subject)(target, key, descriptor);
  };
}
