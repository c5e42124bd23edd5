import { Controller, Get } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { AdminController, PublicController, StoreController } from '../../common/auth/surface';
import { SurfaceCheck, surfaceProblem } from './surface-check';

@Controller('store/product-categories')
class StoreProductCategoriesController {
  @Get()
  list() {
    return [];
  }
}

@Controller('admin/notes')
class AdminNotesController {}

@Controller('webhooks')
class WebhooksController {}

@StoreController('regions')
class StoreRegions {}

@AdminController('discounts/:id/dynamic-codes')
class AdminDynamicCodes {}

@PublicController('health')
class Health {}

@PublicController('admin/backdoor')
class PublicUnderAdmin {}

describe('surfaceProblem', () => {
  it('accepts controllers declared with a surface decorator', () => {
    expect([StoreRegions, AdminDynamicCodes, Health].map(surfaceProblem)).toEqual([undefined, undefined, undefined]);
  });

  it('names a bare @Controller and the decorator that replaces it', () => {
    expect(surfaceProblem(StoreProductCategoriesController)).toBe(
      "StoreProductCategoriesController (@Controller('store/product-categories')) declares no API surface, so the auth guard would refuse every request to it. " +
        "Declare it with @StoreController('product-categories') from src/common/auth/surface.ts instead of @Controller().",
    );
    expect(surfaceProblem(AdminNotesController)).toContain("@AdminController('notes')");
    expect(surfaceProblem(WebhooksController)).toContain("@PublicController('webhooks') (only for routes anyone may call without an identity)");
  });

  it('refuses a public controller under /admin or /store', () => {
    expect(surfaceProblem(PublicUnderAdmin)).toContain("PublicUnderAdmin is on the public surface but serves 'admin/backdoor'");
  });
});

describe('SurfaceCheck', () => {
  it('fails the module init when any controller has no surface', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule],
      controllers: [StoreRegions, StoreProductCategoriesController],
      providers: [SurfaceCheck],
    }).compile();
    await expect(moduleRef.init()).rejects.toThrow(/StoreProductCategoriesController .* @StoreController\('product-categories'\)/);
  });

  it('lets a module whose controllers all have a surface start', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], controllers: [StoreRegions, Health], providers: [SurfaceCheck] }).compile();
    await expect(moduleRef.init()).resolves.toBeDefined();
    await moduleRef.close();
  });
});
