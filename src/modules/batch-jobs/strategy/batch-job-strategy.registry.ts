import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ApiError } from '../../../common/errors/api-error';
import { BATCH_JOB_TYPE, BatchJobStrategy } from './batch-job-strategy';

/** Finds every provider marked @BatchJobType(...) in the app, so no list needs editing. */
@Injectable()
export class BatchJobStrategyRegistry implements OnModuleInit {
  private readonly strategies = new Map<string, BatchJobStrategy>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const type = wrapper.metatype ? Reflect.getMetadata(BATCH_JOB_TYPE, wrapper.metatype) : undefined;
      if (typeof type !== 'string' || !wrapper.instance) continue;
      if (this.strategies.has(type)) throw new Error(`Two batch job strategies for type ${type}`);
      this.strategies.set(type, wrapper.instance as BatchJobStrategy);
    }
  }

  find(type: string): BatchJobStrategy | undefined {
    return this.strategies.get(type);
  }

  /** Medusa answers an unknown type with a 404. */
  get(type: string): BatchJobStrategy {
    const strategy = this.find(type);
    if (!strategy) throw ApiError.notFound(`Unable to find a BatchJob strategy with the type ${type}`);
    return strategy;
  }

  types(): string[] {
    return [...this.strategies.keys()];
  }
}
