import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Description, Example, Input, Permissions, Tool } from 'hermes-tools';

export class Customer {
  @IsString() @MinLength(1) name!: string;
  @IsEmail() @Description('Where the confirmation goes.') email!: string;
}

export class OrderLine {
  @IsString() @MinLength(1) @Description('Catalogue number.') sku!: string;
  @IsInt() @Min(1) @Max(100) quantity!: number;
}

export class CreateOrderInput {
  @IsDefined() @ValidateNested() @Type(() => Customer) customer!: Customer;
  @IsArray() @ArrayMinSize(1) @ValidateNested({ each: true }) @Type(() => OrderLine) lines!: OrderLine[];
  @IsIn(['standard', 'express']) @Description('How fast to ship.') shipping: 'standard' | 'express' = 'standard';
  @IsOptional() @IsString({ each: true }) @Description('Free-form labels.') labels?: string[];
}

const PRICES: Record<string, number> = { 'BOOK-1': 12.5, 'PEN-2': 1.2, 'LAMP-3': 30 };

@Tool({ name: 'orders.create', description: 'Place an order for catalogue items.', tags: ['orders'] })
@Permissions('orders:write')
@Example({
  description: 'Two books, express',
  input: {
    customer: { name: 'Ada', email: 'ada@example.org' },
    lines: [{ sku: 'BOOK-1', quantity: 2 }],
    shipping: 'express',
  },
})
export class CreateOrder {
  private next = 1;

  execute(@Input() input: CreateOrderInput): { orderId: string; total: number; shipping: string } {
    const unknown = input.lines.filter((l) => PRICES[l.sku] === undefined).map((l) => l.sku);
    if (unknown.length > 0) throw new Error(`unknown catalogue numbers: ${unknown.join(', ')}`);
    const total = input.lines.reduce(
      (sum, l) => sum + PRICES[l.sku]! * l.quantity,
      input.shipping === 'express' ? 9 : 0,
    );
    return { orderId: `ord-${this.next++}`, total: Math.round(total * 100) / 100, shipping: input.shipping };
  }
}
