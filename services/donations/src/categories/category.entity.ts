import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'donations', name: 'categories' })
export class Category {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('text')
  name: string;

  /** An icon name from the web app's icon set. */
  @Column('text')
  icon: string;

  /** One of the spec's colour names (primary, secondary, green, yellow, red, purple, blue, teal). */
  @Column('text')
  color: string;
}
