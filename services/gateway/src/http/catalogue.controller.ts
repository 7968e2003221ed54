import { Controller, Get, Header, Inject, Param } from '@nestjs/common';
import { DonationMessages, ErrorCodes, parseSerialId, Rpc, type CategoryView, type City, type ImpactView, type MapConfigView } from '@hdiya/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../errors/api-exception.js';
import { ServiceClient } from '../rpc/service-client.js';

/** Reference data: categories and cities change with a release, so browsers may keep them 10 minutes. */
@Controller('api')
export class CatalogueController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The map's tile source: operators point it at their provider (or their own tile server). */
  @Get('map-config')
  @Header('Cache-Control', 'public, max-age=600')
  mapConfig(): MapConfigView {
    return { tileUrl: this.config.MAP_TILE_URL, attribution: this.config.MAP_ATTRIBUTION };
  }

  @Get('categories')
  @Header('Cache-Control', 'public, max-age=600')
  categories(): Promise<CategoryView[]> {
    return this.services.call(Rpc.donations.categories, {});
  }

  @Get('categories/:id')
  @Header('Cache-Control', 'public, max-age=600')
  category(@Param('id') id: string): Promise<CategoryView> {
    const categoryId = parseSerialId(id);
    if (categoryId === null) throw new ApiException(404, ErrorCodes.CATEGORY_NOT_FOUND, DonationMessages.categoryUnknown);
    return this.services.call(Rpc.donations.category, { id: categoryId });
  }

  /** The home page's figures, counted from the donations (no marketing constants). */
  @Get('stats/impact')
  @Header('Cache-Control', 'public, max-age=60')
  impact(): Promise<ImpactView> {
    return this.services.call(Rpc.donations.impact, {});
  }

  @Get('cities')
  @Header('Cache-Control', 'public, max-age=600')
  cities(): Promise<readonly City[]> {
    return this.services.call(Rpc.donations.cities, {});
  }
}
