import { Injectable } from '@nestjs/common';

/** The time, injectable so that tests can move it (the 10-day expiry). */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
