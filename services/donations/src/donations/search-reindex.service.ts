import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rows, write } from '@hdiya/platform';
import { db } from '../database/db.js';
import { addToVocabulary, LEXICON_WORDS, rememberWords, searchColumns, SEARCH_INDEX_VERSION } from '../core/search-index.js';

const BATCH = 500;

/**
 * Rebuilds the search text of donations indexed by an older version of the normalisation or the
 * lexicon (decision 0043), a batch at a time, claimed with SKIP LOCKED so replicas share the work
 * and never fight over a row that is being edited. Once per start, it also puts the lexicon's
 * spellings in the typo vocabulary.
 */
@Injectable()
export class SearchReindexService {
  /** Whether this process has put the lexicon's spellings in the vocabulary (once per start: the lexicon changes with a release). */
  private lexiconKnown = false;

  constructor(private readonly dataSource: DataSource) {}

  async reindexStale(): Promise<number> {
    if (!this.lexiconKnown) {
      await addToVocabulary(this.dataSource.manager, LEXICON_WORDS);
      this.lexiconKnown = true;
    }
    let done = 0;
    for (;;) {
      const batch = await this.dataSource.transaction(async (manager) => {
        const stale = await rows(
          manager,
          db
            .selectFrom('donations')
            .select(['id', 'title', 'description', 'city'])
            .where('search_version', '<', SEARCH_INDEX_VERSION)
            .orderBy('id')
            .limit(BATCH)
            .forUpdate()
            .skipLocked(),
        );
        for (const d of stale) {
          await write(manager, db.updateTable('donations').set(searchColumns(d.title, d.description, d.city)).where('id', '=', d.id));
          await rememberWords(manager, d.title, d.description, d.city);
        }
        return stale.length;
      });
      done += batch;
      if (batch < BATCH) return done;
    }
  }
}
