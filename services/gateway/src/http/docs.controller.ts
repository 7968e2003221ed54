import { Controller, Get, Header } from '@nestjs/common';
import { openApiDocument } from '@hdiya/contracts';
import { docsPage } from './docs-page.js';

/** The API's reference: the OpenAPI document generated from the contracts' route map, and a page to read it. */
@Controller('api/docs')
export class DocsController {
  private readonly document = openApiDocument();
  private readonly page = docsPage(this.document);

  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=600')
  openApi(): Record<string, unknown> {
    return this.document;
  }

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=600')
  docs(): string {
    return this.page;
  }
}
