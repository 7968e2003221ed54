import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Display data of a member, copied from the users service's events to draw donation cards alone. */
@Entity({ schema: 'donations', name: 'members' })
export class Member {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  username: string;

  @Column('text', { name: 'first_name', nullable: true })
  firstName: string | null;

  @Column('text', { name: 'last_name', nullable: true })
  lastName: string | null;

  @Column('text', { name: 'profile_image_url', nullable: true })
  profileImageUrl: string | null;

  /** When the copied data was true (the event's time), so an older event never overwrites a newer one. */
  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
