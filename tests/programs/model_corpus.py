"""Model programs as tutorials and PyTorch's documentation write them (issue "Models in
programs"): nn.Module subclasses, nn.Sequential, initialisation under manual_seed, training
loops with torch.optim, train() and eval(), print(model), and the errors people meet.
Each starts with its imports and torch.manual_seed; tensors stay small (well under 100,000
elements a program) and loops short (at most 20 iterations). scripts/gen_golden_models.py runs
each in PyTorch; tests/unit/program/test_program_models.cpp runs each in Whence and compares."""

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
OPTIM = HEAD + "import torch.optim as optim\n"

PROGRAMS = [
    # 1. the classic two-layer net trained by SGD with momentum
    HEAD + """torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 3)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        return self.fc2(x)

net = Net()
print(net)
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
x = torch.randn(5, 4)
y = torch.tensor([0, 1, 2, 0, 1])
for step in range(4):
    opt.zero_grad()
    loss = F.cross_entropy(net(x), y)
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.6f}")
w1 = net.fc1.weight.detach()
b2 = net.fc2.bias.detach()
""",
    # 2. Sequential, Adam, MSE regression
    HEAD + """torch.manual_seed(1)
model = nn.Sequential(nn.Linear(3, 6), nn.Tanh(), nn.Linear(6, 1))
print(model)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
x = torch.randn(8, 3)
y = x.sum(1, keepdim=True)
loss_fn = nn.MSELoss()
for epoch in range(5):
    pred = model(x)
    loss = loss_fn(pred, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, round(loss.item(), 5))
w = model[0].weight.detach()
last = model[2].bias.detach()
""",
    # 3. AdamW with weight decay
    HEAD + """torch.manual_seed(2)
lin = nn.Linear(4, 2)
opt = torch.optim.AdamW(lin.parameters(), lr=0.05, weight_decay=0.1)
x = torch.randn(6, 4)
t = torch.randn(6, 2)
for i in range(3):
    opt.zero_grad()
    loss = ((lin(x) - t) ** 2).mean()
    loss.backward()
    opt.step()
w = lin.weight.detach()
b = lin.bias.detach()
""",
    # 4. counting parameters and naming them
    HEAD + """torch.manual_seed(3)
model = nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 5))
total = sum(p.numel() for p in model.parameters())
trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
names = [name for name, p in model.named_parameters()]
shapes = [tuple(p.shape) for p in model.parameters()]
print(total, trainable)
print(names)
print(list(model.state_dict().keys()))
""",
    # 5. gradients accumulate without zero_grad
    HEAD + """torch.manual_seed(4)
lin = nn.Linear(2, 1)
x = torch.tensor([[1.0, 2.0]])
lin(x).sum().backward()
g1 = lin.weight.grad.clone()
lin(x).sum().backward()
g2 = lin.weight.grad.clone()
lin.zero_grad()
print(g1, g2, lin.weight.grad)
""",
    # 6. dropout in train and eval mode
    HEAD + """torch.manual_seed(5)
drop = nn.Dropout(p=0.5)
x = torch.ones(2, 6)
train_out = drop(x)
drop.eval()
eval_out = drop(x)
print(drop.training, drop)
""",
    # 7. a CNN on a tiny image
    HEAD + """torch.manual_seed(6)
class CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, kernel_size=3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(2 * 2 * 2, 3)

    def forward(self, x):
        x = self.pool(F.relu(self.conv(x)))
        x = torch.flatten(x, 1)
        return self.fc(x)

net = CNN()
print(net)
img = torch.randn(2, 1, 4, 4)
out = net(img)
out.sum().backward()
conv_grad = net.conv.weight.grad
""",
    # 8. embedding and linear, a bag of words
    HEAD + """torch.manual_seed(7)
class Bag(nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.out = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.out(self.emb(tokens).mean(1))

m = Bag(10, 4, 2)
tokens = torch.tensor([[1, 2, 3], [4, 5, 6]])
logits = m(tokens)
emb = m.emb.weight.detach()
print(m)
""",
    # 9. LayerNorm, GELU and a residual block
    HEAD + """torch.manual_seed(8)
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        return x + self.ff(self.norm(x))

blk = Block(4)
x = torch.randn(3, 4)
y = blk(x)
print(blk)
""",
    # 10. BatchNorm in training and eval
    HEAD + """torch.manual_seed(9)
bn = nn.BatchNorm1d(3)
x = torch.randn(6, 3) * 2 + 1
out = bn(x)
rm = bn.running_mean.clone()
rv = bn.running_var.clone()
n = bn.num_batches_tracked.item()
bn.eval()
out_eval = bn(x)
print(bn)
""",
    # 11. ModuleList in a loop
    HEAD + """torch.manual_seed(10)
class Deep(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(sizes, sizes[1:])])

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < len(self.layers) - 1:
                x = torch.relu(x)
        return x

deep = Deep([3, 5, 4, 2])
out = deep(torch.randn(2, 3))
print(len(deep.layers), deep)
""",
    # 12. a shape error inside a Sequential: PyTorch's words at the line that called it
    HEAD + """torch.manual_seed(11)
model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(4, 2))
x = torch.randn(2, 4)
y = model(x)
""",
    # 13. forgetting super().__init__()
    HEAD + """torch.manual_seed(37)
class Bad(nn.Module):
    def __init__(self):
        self.fc = nn.Linear(2, 2)

b = Bad()
""",
    # 14. init functions
    HEAD + """torch.manual_seed(12)
w = torch.empty(3, 5)
nn.init.xavier_uniform_(w)
v = torch.empty(4, 2)
nn.init.kaiming_normal_(v, mode='fan_out', nonlinearity='relu')
z = torch.empty(2, 2)
nn.init.constant_(z, 0.5)
gain = nn.init.calculate_gain('leaky_relu', 0.2)
""",
    # 15. binary classification with BCEWithLogitsLoss and SGD weight decay
    HEAD + """torch.manual_seed(13)
clf = nn.Linear(2, 1)
opt = torch.optim.SGD(clf.parameters(), lr=0.5, weight_decay=0.01)
x = torch.randn(10, 2)
y = (x[:, 0] > 0).float().unsqueeze(1)
loss_fn = nn.BCEWithLogitsLoss()
losses = []
for _ in range(6):
    opt.zero_grad()
    loss = loss_fn(clf(x), y)
    loss.backward()
    opt.step()
    losses.append(round(loss.item(), 4))
print(losses)
w = clf.weight.detach()
""",
    # 16. a no_grad update by hand
    HEAD + """torch.manual_seed(14)
lin = nn.Linear(3, 1)
x = torch.randn(4, 3)
y = torch.randn(4, 1)
for step in range(3):
    loss = F.mse_loss(lin(x), y)
    lin.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in lin.parameters():
            p -= 0.1 * p.grad
w = lin.weight.detach()
b = lin.bias.detach()
""",
    # 17. Nesterov momentum and a parameter group per layer
    HEAD + """torch.manual_seed(15)
a = nn.Linear(2, 2)
b = nn.Linear(2, 1)
opt = torch.optim.SGD([{'params': a.parameters()}, {'params': b.parameters(), 'lr': 0.01}],
                      lr=0.1, momentum=0.5, nesterov=True)
x = torch.randn(3, 2)
for i in range(3):
    opt.zero_grad()
    b(torch.sigmoid(a(x))).pow(2).sum().backward()
    opt.step()
wa = a.weight.detach()
wb = b.weight.detach()
print(len(opt.param_groups), opt.param_groups[1]['lr'])
""",
    # 18. CrossEntropyLoss with label smoothing and NLLLoss on log_softmax
    HEAD + """torch.manual_seed(16)
logits = torch.randn(4, 3, requires_grad=True)
target = torch.tensor([2, 0, 1, 1])
ce = nn.CrossEntropyLoss(label_smoothing=0.1)(logits, target)
nll = nn.NLLLoss()(F.log_softmax(logits, dim=1), target)
ce.backward()
g = logits.grad
print(nn.CrossEntropyLoss(), round(ce.item(), 5), round(nll.item(), 5))
""",
    # 19. Adam with amsgrad over a few steps
    HEAD + """torch.manual_seed(17)
p = nn.Parameter(torch.randn(3))
opt = torch.optim.Adam([p], lr=0.1, amsgrad=True)
for i in range(4):
    opt.zero_grad()
    loss = (p ** 2).sum() + p.sum()
    loss.backward()
    opt.step()
final = p.detach()
print(p)
""",
    # 20. the model's mode toggles recursively
    HEAD + """torch.manual_seed(18)
model = nn.Sequential(nn.Linear(2, 2), nn.Dropout(0.2), nn.Sequential(nn.BatchNorm1d(2), nn.ReLU()))
model.eval()
modes = [m.training for m in model.modules()]
model.train()
modes_after = [m.training for m in model.modules()]
print(modes, modes_after)
print(model)
""",
    # 21. an autoencoder with Sigmoid output and Flatten/Unflatten
    HEAD + """torch.manual_seed(19)
ae = nn.Sequential(nn.Flatten(), nn.Linear(4, 2), nn.ReLU(), nn.Linear(2, 4), nn.Sigmoid(), nn.Unflatten(1, (2, 2)))
x = torch.rand(3, 2, 2)
recon = ae(x)
loss = F.binary_cross_entropy(recon, x)
loss.backward()
print(ae, round(loss.item(), 5))
""",
    # 22. a function that builds a model, and a training helper with defaults
    HEAD + """torch.manual_seed(20)
def make_mlp(sizes, act=nn.ReLU):
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            layers.append(act())
    return nn.Sequential(*layers)

def train(model, x, y, steps=3, lr=0.05):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    history = []
    for _ in range(steps):
        opt.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        history.append(loss.item())
    return history

mlp = make_mlp([2, 4, 1], act=nn.Tanh)
hist = train(mlp, torch.randn(5, 2), torch.randn(5, 1))
print(mlp)
print([f"{h:.4f}" for h in hist])
""",
    # 23. a missing attribute, named as PyTorch names it
    HEAD + """torch.manual_seed(21)
net = nn.Linear(2, 2)
print(net.weights)
""",
    # 24. ModuleDict and a conditional forward
    HEAD + """torch.manual_seed(22)
class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({'cls': nn.Linear(3, 2), 'reg': nn.Linear(3, 1)})

    def forward(self, x, task='cls'):
        return self.heads[task](x)

h = Heads()
x = torch.randn(2, 3)
c = h(x)
r = h(x, task='reg')
print(h)
""",
    # 25. a classifier trained with SGD, the loss printed with an f-string, then its accuracy
    OPTIM + """torch.manual_seed(23)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 16)
        self.fc2 = nn.Linear(16, 2)

    def forward(self, x):
        x = torch.relu(self.fc1(x))
        return self.fc2(x)

net = Net()
criterion = nn.CrossEntropyLoss()
optimizer = optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
X = torch.randn(32, 2)
y = (X[:, 0] * X[:, 1] > 0).long()
for epoch in range(10):
    optimizer.zero_grad()
    outputs = net(X)
    loss = criterion(outputs, y)
    loss.backward()
    optimizer.step()
    if epoch % 3 == 0:
        print(f"epoch {epoch}: loss={loss.item():.4f}")
with torch.no_grad():
    pred = net(X).argmax(dim=1)
accuracy = (pred == y).float().mean().item()
print(f"accuracy: {accuracy:.2f}")
""",
    # 26. zero_grad forgotten: the gradients add up from step to step
    OPTIM + """torch.manual_seed(24)
model = nn.Linear(3, 1)
optimizer = optim.SGD(model.parameters(), lr=0.01)
x = torch.randn(8, 3)
y = torch.randn(8, 1)
grad_norms = []
for step in range(4):
    loss = F.mse_loss(model(x), y)
    loss.backward()
    grad_norms.append(round(model.weight.grad.norm().item(), 4))
    optimizer.step()
print(grad_norms)
w = model.weight.detach()
""",
    # 27. Adam on a regression, the loss formatted from the tensor itself, and the optimizer printed
    OPTIM + """torch.manual_seed(25)
model = nn.Sequential(nn.Linear(1, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = optim.Adam(model.parameters(), lr=0.05)
x = torch.linspace(-1, 1, 12).unsqueeze(1)
y = x ** 3 - 0.5 * x
for step in range(15):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    if step % 5 == 4:
        print(f"step {step + 1:2d}  loss {loss:.6f}")
print(optimizer)
final_loss = loss.item()
b = model[2].bias.detach()
""",
    # 28. AdamW with parameter groups: weight decay on the weights, none on the biases
    OPTIM + """torch.manual_seed(26)
model = nn.Sequential(nn.Linear(4, 6), nn.SiLU(), nn.Linear(6, 2))
decay = [p for n, p in model.named_parameters() if n.endswith('weight')]
no_decay = [p for n, p in model.named_parameters() if n.endswith('bias')]
optimizer = optim.AdamW([{'params': decay, 'weight_decay': 0.05},
                         {'params': no_decay, 'weight_decay': 0.0}], lr=0.01, amsgrad=True)
x = torch.randn(10, 4)
target = torch.randint(0, 2, (10,))
for step in range(6):
    optimizer.zero_grad()
    loss = F.cross_entropy(model(x), target)
    loss.backward()
    optimizer.step()
print([len(g['params']) for g in optimizer.param_groups], [g['weight_decay'] for g in optimizer.param_groups])
print(round(loss.item(), 5))
w0 = model[0].weight.detach()
b2 = model[2].bias.detach()
""",
    # 29. dropout in a model: train() draws a mask, eval() is deterministic
    HEAD + """torch.manual_seed(27)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Dropout(0.5), nn.Linear(8, 2))
x = torch.randn(3, 4)
model.train()
a = model(x)
b = model(x)
model.eval()
with torch.no_grad():
    c = model(x)
    d = model(x)
print(torch.equal(a, b), torch.equal(c, d), model.training, model[2].training)
""",
    # 30. a CNN with BatchNorm2d trained a few steps, then evaluated on its running statistics
    OPTIM + """torch.manual_seed(28)
class ConvNet(nn.Module):
    def __init__(self, num_classes=3):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 4, kernel_size=3, padding=1),
            nn.BatchNorm2d(4),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(4, 8, kernel_size=3, padding=1),
            nn.BatchNorm2d(8),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(8, num_classes)

    def forward(self, x):
        x = self.features(x)
        x = torch.flatten(x, 1)
        return self.classifier(x)

model = ConvNet()
optimizer = optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=1e-4)
images = torch.randn(6, 1, 8, 8)
labels = torch.tensor([0, 1, 2, 0, 1, 2])
for epoch in range(3):
    model.train()
    optimizer.zero_grad()
    loss = F.cross_entropy(model(images), labels)
    loss.backward()
    optimizer.step()
    print(f"epoch {epoch} loss {loss.item():.4f}")
model.eval()
with torch.no_grad():
    logits = model(images)
running_mean = model.features[1].running_mean.clone()
running_var = model.features[5].running_var.clone()
tracked = model.features[1].num_batches_tracked.item()
print(model)
""",
    # 31. state_dict: its keys, and the weights copied into a second model
    HEAD + """torch.manual_seed(29)
class TwoLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(3, 4)
        self.bn = nn.BatchNorm1d(4)
        self.out = nn.Linear(4, 1)

    def forward(self, x):
        return self.out(F.relu(self.bn(self.hidden(x))))

src = TwoLayer()
dst = TwoLayer()
keys = list(src.state_dict().keys())
print(keys)
same_before = torch.equal(src.hidden.weight, dst.hidden.weight)
print(dst.load_state_dict(src.state_dict()))
same_after = all(torch.equal(a, b) for a, b in zip(src.parameters(), dst.parameters()))
print(same_before, same_after)
""",
    # 32. custom initialisation through model.apply
    HEAD + """torch.manual_seed(30)
def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.xavier_uniform_(m.weight)
        nn.init.zeros_(m.bias)
    elif isinstance(m, nn.Conv1d):
        nn.init.kaiming_normal_(m.weight, mode='fan_out', nonlinearity='relu')

model = nn.Sequential(nn.Conv1d(2, 3, 3), nn.ReLU(), nn.Flatten(), nn.Linear(12, 2))
model.apply(init_weights)
conv_w = model[0].weight.detach()
lin_w = model[3].weight.detach()
lin_b = model[3].bias.detach()
out = model(torch.randn(2, 2, 6))
print(out.shape)
""",
    # 33. a shape error inside forward: PyTorch's message at the line of the layer that failed
    HEAD + """torch.manual_seed(31)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 4, 3)
        self.fc = nn.Linear(4 * 4 * 4, 10)

    def forward(self, x):
        x = F.relu(self.conv(x))
        x = x.view(x.size(0), -1)
        return self.fc(x)

net = Net()
ok = net(torch.randn(2, 1, 6, 6))
print(ok.shape)
bad = net(torch.randn(2, 1, 8, 8))
""",
    # 34. freezing the first layer: only the rest trains
    OPTIM + """torch.manual_seed(32)
model = nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 2))
for p in model[0].parameters():
    p.requires_grad = False
trainable = [p for p in model.parameters() if p.requires_grad]
n_trainable = sum(p.numel() for p in trainable)
n_total = sum(p.numel() for p in model.parameters())
optimizer = optim.SGD(trainable, lr=0.1)
frozen_before = model[0].weight.clone()
x = torch.randn(4, 3)
for _ in range(3):
    optimizer.zero_grad()
    model(x).pow(2).mean().backward()
    optimizer.step()
print(n_trainable, n_total, torch.equal(frozen_before, model[0].weight), model[0].weight.grad)
head = model[2].weight.detach()
""",
    # 35. a tiny convolutional autoencoder: ConvTranspose2d and Upsample
    OPTIM + """torch.manual_seed(33)
class AutoEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(1, 4, 3, stride=2, padding=1), nn.LeakyReLU(0.1))
        self.decoder = nn.Sequential(nn.ConvTranspose2d(4, 2, 2, stride=2), nn.ELU(),
                                     nn.Upsample(scale_factor=1), nn.Conv2d(2, 1, 3, padding=1), nn.Sigmoid())

    def forward(self, x):
        return self.decoder(self.encoder(x))

ae = AutoEncoder()
opt = optim.Adam(ae.parameters(), lr=0.01)
img = torch.rand(2, 1, 6, 6)
for step in range(4):
    opt.zero_grad()
    loss = F.mse_loss(ae(img), img)
    loss.backward()
    opt.step()
print(ae)
print(f"{loss.item():.5f}")
recon = ae(img).detach()
""",
    # 36. an embedding classifier with padding, trained with Adam
    OPTIM + """torch.manual_seed(34)
class TextClassifier(nn.Module):
    def __init__(self, vocab_size, embed_dim, num_class):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, embed_dim, padding_idx=0)
        self.fc = nn.Linear(embed_dim, num_class)

    def forward(self, text):
        embedded = self.embedding(text)
        mask = (text != 0).float().unsqueeze(-1)
        pooled = (embedded * mask).sum(1) / mask.sum(1)
        return self.fc(pooled)

model = TextClassifier(12, 5, 3)
tokens = torch.tensor([[3, 7, 0, 0], [1, 2, 9, 4], [5, 5, 11, 0]])
labels = torch.tensor([2, 0, 1])
optimizer = optim.Adam(model.parameters(), lr=0.1)
for epoch in range(5):
    optimizer.zero_grad()
    loss = F.cross_entropy(model(tokens), labels)
    loss.backward()
    optimizer.step()
print(model)
print(round(loss.item(), 4))
pad_row = model.embedding.weight[0].detach()
""",
    # 37. SGD without a learning rate: PyTorch's error at the line that made the optimizer
    OPTIM + """torch.manual_seed(35)
model = nn.Linear(2, 2)
print(sum(p.numel() for p in model.parameters()))
optimizer = optim.SGD(model.parameters())
""",
    # 38. GroupNorm, InstanceNorm and a hook that records activations
    HEAD + """torch.manual_seed(36)
block = nn.Sequential(nn.Conv1d(2, 4, 3, padding=1), nn.GroupNorm(2, 4), nn.ReLU(),
                      nn.Conv1d(4, 4, 1), nn.InstanceNorm1d(4, affine=True))
shapes = []
def record(module, inputs, output):
    shapes.append(tuple(output.shape))

handle = block[2].register_forward_hook(record)
y = block(torch.randn(3, 2, 5))
handle.remove()
y2 = block(torch.randn(1, 2, 5))
print(shapes, block)
""",
    # 39. a VGG-style block as torchvision writes it: ReLU(inplace=True), Dropout2d, Dropout1d,
    # F.leaky_relu_ and the in-place variants' grad_fn
    HEAD + """torch.manual_seed(37)
features = nn.Sequential(nn.Conv2d(1, 3, 3, padding=1), nn.ReLU(inplace=True), nn.Dropout2d(0.5),
                         nn.MaxPool2d(2))
head = nn.Sequential(nn.Flatten(), nn.Linear(12, 4), nn.ReLU(True), nn.Dropout(0.25))
x = torch.randn(2, 1, 4, 4)
h = features(x)
out = head(h)
print(features, out.grad_fn)
seq = torch.randn(2, 3, 5)
print(F.dropout1d(seq, 0.5), F.dropout1d(seq[0], 0.5), F.dropout3d(torch.ones(2, 2, 1, 1, 2), 0.5))
a = torch.randn(4, requires_grad=True)
b = F.leaky_relu_(a * 2, 0.2)
c = F.elu(a - 1, inplace=True)
print(b.grad_fn, c.grad_fn, F.relu(a.detach(), inplace=True))
(b.sum() + c.sum()).backward()
g = a.grad
features.eval()
same = features(x)
head.eval()
print(head(h).grad_fn, F.dropout(out, 0.5, training=False) is out, F.alpha_dropout(out, 0.0, True) is out)
print(F.dropout2d(torch.ones(2, 2), p=1.5))
""",
]
