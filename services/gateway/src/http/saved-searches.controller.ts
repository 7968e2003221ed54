import { Controller, Delete, Get, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ErrorCodes, Rpc, SavedSearchMessages, SavedSearchSchema, uuid, type SavedSearchInput, type SavedSearchView } from '@hdiya/contracts';
import { CurrentUser, type SessionUser } from '../session/session-user.js';
import { SignedInGuard } from '../session/signed-in.guard.js';
import { ApiException } from '../errors/api-exception.js';
import { ServiceClient } from '../rpc/service-client.js';
import { ValidatedBody } from '../input/validated-body.pipe.js';
import { JsonBody } from '../input/json-body.decorator.js';

const SavedSearchIdSchema = uuid();

function savedSearchId(id: string): string {
  if (!SavedSearchIdSchema.safeParse(id).success) throw new ApiException(404, ErrorCodes.SAVED_SEARCH_NOT_FOUND, SavedSearchMessages.notFound);
  return id;
}

/** The member's saved searches: a notification when a new donation matches one. */
@Controller('api/saved-searches')
@UseGuards(SignedInGuard)
export class SavedSearchesController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  list(@CurrentUser() user: SessionUser): Promise<SavedSearchView[]> {
    return this.services.call(Rpc.donations.savedSearches, { actor: user });
  }

  @Post()
  create(@JsonBody(new ValidatedBody(SavedSearchSchema)) search: SavedSearchInput, @CurrentUser() user: SessionUser): Promise<SavedSearchView> {
    return this.services.call(Rpc.donations.createSavedSearch, { actor: user, search });
  }

  @Patch(':id')
  update(@Param('id') id: string, @JsonBody(new ValidatedBody(SavedSearchSchema)) search: SavedSearchInput, @CurrentUser() user: SessionUser): Promise<SavedSearchView> {
    return this.services.call(Rpc.donations.updateSavedSearch, { actor: user, savedSearchId: savedSearchId(id), search });
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<{ deleted: true }> {
    return this.services.call(Rpc.donations.deleteSavedSearch, { actor: user, savedSearchId: savedSearchId(id) });
  }
}
